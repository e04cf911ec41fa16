#!/usr/bin/env python3
"""Writes the public-holiday data the server embeds, from the maintained `holidays` package (PyPI).

    infra/scripts/holiday_data.py OUT_DIR

writes OUT_DIR/holiday-countries.json (every country with its regions, names in English where the package has them,
the package version and the years covered) and OUT_DIR/holidays.txt.gz (one line per country: the code, a tab, and
a JSON object: "" maps each national holiday's date to its name; each region maps "+" to the days it adds or renames
and "-" to the national days it does not keep). The gzip carries no time stamp, so a run with the same package
version gives the same bytes: `make holidays-check` regenerates them into a temporary folder and compares.

OUT_DIR/holiday-sample.json is not embedded: it holds the package's own calendars of a few countries and regions
(every day of every year covered), and a test of `bt-core` checks that the embedded data answers exactly these days.
"""
import gzip
import json
import sys
from pathlib import Path

import holidays
from holidays import registry

FIRST_YEAR, LAST_YEAR = 2020, 2040
# The calendars the test compares day by day: fixed, Easter-based, weekday-based, observed, lunar and Orthodox days,
# regions that add days and regions that drop national ones.
SAMPLE = [("AT", None), ("CH", "ZH"), ("DE", None), ("DE", "BY"), ("DE", "SN"), ("ES", "MD"),
          ("FR", None), ("GB", None), ("GB", "SCT"), ("GR", None), ("IN", "MH"), ("JP", None), ("US", None),
          ("US", "CA")]


def english(code, **kw):
    cls = holidays.country_holidays(code)
    lang = "en_US" if "en_US" in (cls.supported_languages or ()) else None
    return holidays.country_holidays(code, years=range(FIRST_YEAR, LAST_YEAR + 1), language=lang, **kw)


def days(h):
    return {d.isoformat(): name for d, name in sorted(h.items())}


def main(out):
    out = Path(out)
    names = {entry[1]: entry[0] for entry in registry.COUNTRIES.values()}
    countries, lines = [], []
    for code, subdivs in sorted(holidays.list_supported_countries().items()):
        if len(code) != 2:
            continue  # the package also answers to the three-letter codes: same calendars
        national = days(english(code))
        aliases = getattr(holidays.country_holidays(code), "subdivisions_aliases", {}) or {}
        region_names = {}
        for alias, sub in aliases.items():
            region_names.setdefault(sub, alias)
        regions, entry = [], {"": national}
        for sub in subdivs:
            local = days(english(code, subdiv=sub))
            added = {d: n for d, n in local.items() if national.get(d) != n}
            dropped = sorted(d for d in national if d not in local)
            regions.append({"code": sub, "name": region_names.get(sub, sub)})
            entry[sub] = {"+": added, "-": dropped}
        name = names.get(code, code)
        # The registry keeps class-style names ("UnitedStates"); put the spaces back.
        pretty = "".join((" " + c if c.isupper() and i and not name[i - 1].isupper() else c) for i, c in enumerate(name))
        countries.append({"code": code, "name": pretty.strip(), "regions": regions})
        lines.append(code + "\t" + json.dumps(entry, ensure_ascii=False, separators=(",", ":"), sort_keys=True))
    meta = {
        "library": f"holidays {holidays.__version__}",
        "firstYear": FIRST_YEAR,
        "lastYear": LAST_YEAR,
        "countries": sorted(countries, key=lambda c: c["name"]),
    }
    (out / "holiday-countries.json").write_text(json.dumps(meta, ensure_ascii=False, separators=(",", ":"), sort_keys=True) + "\n")
    (out / "holidays.txt.gz").write_bytes(gzip.compress(("\n".join(lines) + "\n").encode(), 9, mtime=0))
    sample = [{"country": c, "region": r, "days": days(english(c, **({"subdiv": r} if r else {})))} for c, r in SAMPLE]
    sample_meta = {"library": meta["library"], "calendars": sample}
    (out / "holiday-sample.json").write_text(json.dumps(sample_meta, ensure_ascii=False, indent=0, sort_keys=True) + "\n")


if __name__ == "__main__":
    main(sys.argv[1])
