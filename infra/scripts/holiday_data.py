#!/usr/bin/env python3
"""Writes the public-holiday data the server embeds, from the maintained `holidays` package (PyPI).

    infra/scripts/holiday_data.py OUT_DIR

writes OUT_DIR/holiday-countries.json (every country with its regions, names in English where the package has them,
the package version and the years covered) and OUT_DIR/holidays.txt.gz, the days, in lines of tab-separated fields:

    years     FIRST LAST
    easter    Easter Sunday of each year covered, as MMDD, space-separated
    orthodox  Orthodox Easter Sunday (its Gregorian date) of each year, likewise
    names     every name part, sorted and separated by "|"; a day's name is its parts joined by "; " in this order
              (a name whose parts are not in this order is a part of its own)
    CC        a country (ISO code): its national days as DAYS, then one field per region, CODE|DAYS|DROPPED: the
              days the region adds or names otherwise, and the national days it does not keep

DAYS is a space-separated list of NAME:WHEN,WHEN,... (NAME the base-36 index of a name part). WHEN is a rule and the
years it holds in, or one date:

    MMDD[/YEARS]     that day of the month
    eN[/YEARS]       N days after Easter Sunday (N may be negative)
    oN[/YEARS]       N days after Orthodox Easter Sunday
    wMMDDK[/YEARS]   the first weekday K (0 Monday to 6 Sunday) on or after MMDD
    dXXX             the day XXX (base 36) days after 1 January of FIRST

YEARS, when the rule does not hold in every year covered, is pairs of base-36 characters, the first and last year
(after FIRST) of each run of years. DROPPED is a comma-separated list of WHENs without NAME. A rule stands for the
days of a name part where it holds in at least MIN_YEARS years; the other days are written one by one. The script
reads back what it wrote and stops if any day differs from the package's.

The gzip carries no time stamp and every choice above is made in a fixed order, so a run with the same package
version gives the same bytes: `make holidays-check` regenerates the files into a temporary folder and compares.

OUT_DIR/holiday-sample.json is not embedded: it holds the package's own calendars of a few countries and regions
(every day of every year covered), and a test of `bt-core` checks that the embedded data answers exactly these days.
"""
import datetime
import gzip
import json
import sys
from collections import defaultdict
from pathlib import Path

import holidays
from dateutil.easter import EASTER_ORTHODOX, EASTER_WESTERN, easter
from holidays import registry

FIRST_YEAR, LAST_YEAR = 2020, 2040
YEARS = range(FIRST_YEAR, LAST_YEAR + 1)
MIN_YEARS = 3
# The calendars the test compares day by day: fixed, Easter-based, weekday-based, observed, lunar and Orthodox days,
# regions that add days and regions that drop national ones.
SAMPLE = [("AT", None), ("CH", "ZH"), ("DE", None), ("DE", "BY"), ("DE", "SN"), ("ES", "MD"),
          ("FR", None), ("GB", None), ("GB", "SCT"), ("GR", None), ("IN", "MH"), ("JP", None), ("US", None),
          ("US", "CA")]
EASTER = {"e": {y: easter(y, EASTER_WESTERN) for y in YEARS}, "o": {y: easter(y, EASTER_ORTHODOX) for y in YEARS}}
JAN_1 = datetime.date(FIRST_YEAR, 1, 1)
DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"
NAME_SEP = "; "


def english(code, **kw):
    cls = holidays.country_holidays(code)
    lang = "en_US" if "en_US" in (cls.supported_languages or ()) else None
    return holidays.country_holidays(code, years=YEARS, language=lang, **kw)


def days(h):
    return {d.isoformat(): name for d, name in sorted(h.items())}


def base36(n):
    s = DIGITS[n % 36]
    while n >= 36:
        n //= 36
        s = DIGITS[n % 36] + s
    return s


# A rule: ("f", month, day), ("e" or "o", offset from Easter Sunday), ("w", month, day, weekday).
def rule_date(rule, year):
    kind = rule[0]
    if kind == "f":
        try:
            return datetime.date(year, rule[1], rule[2])
        except ValueError:
            return None  # 29 February
    if kind in EASTER:
        return EASTER[kind][year] + datetime.timedelta(rule[1])
    start = datetime.date(year, rule[1], rule[2])
    return start + datetime.timedelta((rule[3] - start.weekday()) % 7)


def rule_text(rule):
    kind = rule[0]
    if kind == "f":
        return f"{rule[1]:02}{rule[2]:02}"
    if kind in EASTER:
        return f"{kind}{rule[1]}"
    return f"w{rule[1]:02}{rule[2]:02}{rule[3]}"


def rules_of(date):
    yield ("f", date.month, date.day)
    for kind, sundays in EASTER.items():
        yield (kind, (date - sundays[date.year]).days)
    for back in range(7):
        start = date - datetime.timedelta(back)
        if start.year == date.year and (start.month, start.day) != (2, 29):
            yield ("w", start.month, start.day, date.weekday())


def years_text(years):
    if years == list(YEARS):
        return ""
    runs = []
    for y in years:
        if runs and runs[-1][1] == y - 1:
            runs[-1][1] = y
        else:
            runs.append([y, y])
    return "/" + "".join(DIGITS[a - FIRST_YEAR] + DIGITS[b - FIRST_YEAR] for a, b in runs)


def when_text(dates):
    """The WHENs of a set of dates: the rule holding for most of them first (the earlier kind and the smaller
    parameters on a tie), as long as one holds in MIN_YEARS years, then the rest one by one."""
    assert all(d.year in YEARS for d in dates), dates
    left, out = set(dates), []
    while left:
        best, hits = None, []
        for rule in sorted({r for d in left for r in rules_of(d)}):
            matched = sorted(d for d in left if rule_date(rule, d.year) == d)
            if len(matched) > len(hits):
                best, hits = rule, matched
        if len(hits) < MIN_YEARS:
            break
        out.append(rule_text(best) + years_text([d.year for d in hits]))
        left -= set(hits)
    out += ["d" + base36((d - JAN_1).days) for d in sorted(left)]
    return out


def parts(name, index):
    split = name.split(NAME_SEP)
    ids = [index.get(p) for p in split]
    return ids if None not in ids and ids == sorted(set(ids)) else [index[name]]


def days_text(calendar, index):
    by_part = defaultdict(list)
    for d, name in calendar.items():
        for i in parts(name, index):
            by_part[i].append(datetime.date.fromisoformat(d))
    return " ".join(base36(i) + ":" + ",".join(when_text(ds)) for i, ds in sorted(by_part.items()))


def name_parts(entries):
    names = {n for e in entries.values() for n in e[""].values()}
    names |= {n for e in entries.values() for r, v in e.items() if r for n in v["+"].values()}
    split = {p for n in names for p in n.split(NAME_SEP)}
    ordered = {n for n in names if n.split(NAME_SEP) == sorted(set(n.split(NAME_SEP)))}
    return sorted(split | (names - ordered))


def encode(entries):
    """entries: code -> {"": national days, region: {"+": added days, "-": dropped dates}}, dates ISO."""
    table = name_parts(entries)
    for p in table:
        assert not any(c in p for c in "|\t\n"), p
    index = {p: i for i, p in enumerate(table)}
    lines = [
        f"years\t{FIRST_YEAR}\t{LAST_YEAR}",
        *(f"{k}\t" + " ".join(d.strftime("%m%d") for d in EASTER[k[0]].values()) for k in ("easter", "orthodox")),
        "names\t" + "|".join(table),
    ]
    for code, entry in sorted(entries.items()):
        fields = [code, days_text(entry[""], index)]
        for region, v in sorted((r, v) for r, v in entry.items() if r):
            assert not any(c in region for c in "|\t\n"), region
            dropped = ",".join(when_text([datetime.date.fromisoformat(d) for d in v["-"]]))
            fields.append(f"{region}|{days_text(v['+'], index)}|{dropped}")
        lines.append("\t".join(fields))
    return "\n".join(lines) + "\n"


def decode(text):
    """What the server reads from the text (shared/core/src/holidays.rs), for the check: the entries again."""
    lines = text.rstrip("\n").split("\n")
    first, last = map(int, lines[0].split("\t")[1:])
    sundays = {}
    for line in lines[1:3]:
        key, mmdds = line.split("\t")
        sundays[key[0]] = [datetime.date(first + i, int(s[:2]), int(s[2:])) for i, s in enumerate(mmdds.split())]
    table = lines[3].split("\t", 1)[1].split("|")

    def dates(when):
        if when.startswith("d"):
            return [datetime.date(first, 1, 1) + datetime.timedelta(int(when[1:], 36))]
        rule, _, runs = when.partition("/")
        years = range(first, last + 1)
        if runs:
            pairs = zip(runs[::2], runs[1::2])
            years = [y for a, b in pairs for y in range(first + int(a, 36), first + int(b, 36) + 1)]
        out = []
        for y in years:
            if rule[0] in "eo":
                out.append(sundays[rule[0]][y - first] + datetime.timedelta(int(rule[1:])))
            elif rule[0] == "w":
                start = datetime.date(y, int(rule[1:3]), int(rule[3:5]))
                out.append(start + datetime.timedelta((int(rule[5]) - start.weekday()) % 7))
            else:
                out.append(datetime.date(y, int(rule[:2]), int(rule[2:])))
        return out

    def calendar(field):
        found = defaultdict(list)
        for group in field.split():
            i, _, whens = group.partition(":")
            for when in whens.split(","):
                for d in dates(when):
                    found[d].append(int(i, 36))
        return {d.isoformat(): NAME_SEP.join(table[i] for i in sorted(ids)) for d, ids in sorted(found.items())}

    entries = {}
    for line in lines[4:]:
        code, national, *regions = line.split("\t")
        entry = {"": calendar(national)}
        for region in regions:
            name, added, dropped = region.split("|")
            gone = sorted(d.isoformat() for w in dropped.split(",") if w for d in dates(w))
            entry[name] = {"+": calendar(added), "-": gone}
        entries[code] = entry
    return entries


def main(out):
    out = Path(out)
    names = {entry[1]: entry[0] for entry in registry.COUNTRIES.values()}
    countries, entries = [], {}
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
        entries[code] = entry
    text = encode(entries)
    if decode(text) != entries:
        sys.exit("holiday_data.py: the encoded days do not read back as the package's")
    meta = {
        "library": f"holidays {holidays.__version__}",
        "firstYear": FIRST_YEAR,
        "lastYear": LAST_YEAR,
        "countries": sorted(countries, key=lambda c: c["name"]),
    }
    (out / "holiday-countries.json").write_text(json.dumps(meta, ensure_ascii=False, separators=(",", ":"), sort_keys=True) + "\n")
    (out / "holidays.txt.gz").write_bytes(gzip.compress(text.encode(), 9, mtime=0))
    sample = [{"country": c, "region": r, "days": days(english(c, **({"subdiv": r} if r else {})))} for c, r in SAMPLE]
    sample_meta = {"library": meta["library"], "calendars": sample}
    sample_text = json.dumps(sample_meta, ensure_ascii=False, indent=0, sort_keys=True)
    (out / "holiday-sample.json").write_text(sample_text + "\n")


if __name__ == "__main__":
    main(sys.argv[1])
