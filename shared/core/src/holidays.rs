//! Public holidays by country and region, from the maintained `holidays` package (PyPI).
//!
//! `infra/scripts/holiday_data.py` writes `data/holiday-countries.json` (countries, their regions, the package
//! version and the years covered) and `data/holidays.txt.gz` (a few header lines, then one line per country) from a
//! pinned version of the package; `make holidays` refreshes them and `make holidays-check` (part of `make test`)
//! proves the embedded files are what that version writes. Nothing here is typed by hand: like the time-zone database
//! in `chrono-tz`, the calendars are a snapshot of the library the field maintains, embedded so that no request needs
//! a network.
//!
//! The days are written compactly (the script's documentation has the format): each name part once, and each
//! holiday as a rule over the years it holds in (a day of the month, a day counted from Easter Sunday or Orthodox
//! Easter Sunday, a weekday on or after a day of the month) or as single dates (lunar calendars, moved days), with
//! a region's days as the difference from the national ones. With holidays 0.109 that is a gzip of 57 KB, where JSON
//! lines of the same days took 350 KB.
//!
//! The gzip is read only when a team's country is first looked up (then only the header and that country's line are
//! parsed, and kept for the process), so binaries that never call [`public_holidays`] do not keep it.

use std::collections::{BTreeMap, HashMap};
use std::io::{BufRead, BufReader};
use std::sync::{Arc, Mutex, OnceLock};

use chrono::{Datelike, Days, NaiveDate};
use serde::{Deserialize, Serialize};

const COUNTRIES_JSON: &str = include_str!("../data/holiday-countries.json");
const HOLIDAYS_GZ: &[u8] = include_bytes!("../data/holidays.txt.gz");

/// A region (state, province, nation…) of a country with its own holidays.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Region {
    /// The package's code for it: ISO 3166-2 where there is one ("BY" in Germany).
    pub code: String,
    /// Its name (English where the package has one).
    pub name: String,
}

/// A country whose holidays are known.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Country {
    /// ISO 3166-1 alpha-2.
    pub code: String,
    pub name: String,
    /// Empty when the whole country keeps the same days.
    pub regions: Vec<Region>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Catalogue {
    library: String,
    first_year: i32,
    last_year: i32,
    countries: Vec<Country>,
}

fn catalogue() -> &'static Catalogue {
    static CATALOGUE: OnceLock<Catalogue> = OnceLock::new();
    CATALOGUE.get_or_init(|| serde_json::from_str(COUNTRIES_JSON).expect("the embedded holiday catalogue parses"))
}

/// Every country, by name.
pub fn countries() -> &'static [Country] {
    &catalogue().countries
}

/// The country of an ISO code (any case).
pub fn country(code: &str) -> Option<&'static Country> {
    countries().iter().find(|c| c.code.eq_ignore_ascii_case(code.trim()))
}

/// The package and version the data comes from ("holidays 0.109").
pub fn library() -> &'static str {
    &catalogue().library
}

/// The years the data covers; outside them a country has no public holidays here (admins add days by hand).
pub fn years() -> std::ops::RangeInclusive<i32> {
    catalogue().first_year..=catalogue().last_year
}

/// The days a region keeps besides the national ones.
struct RegionDays {
    /// The days it adds or names otherwise.
    added: BTreeMap<NaiveDate, String>,
    /// The national days it does not keep.
    dropped: Vec<NaiveDate>,
}

struct CountryDays {
    national: BTreeMap<NaiveDate, String>,
    regions: HashMap<String, RegionDays>,
}

/// The four lines before the countries' (`infra/scripts/holiday_data.py` describes the format): the years, the
/// Easter Sundays the rules count from, and the name parts.
struct Header<'a> {
    first: i32,
    last: i32,
    easter: Vec<NaiveDate>,
    orthodox: Vec<NaiveDate>,
    names: Vec<&'a str>,
}

fn base36(digits: &str) -> Option<u32> {
    u32::from_str_radix(digits, 36).ok()
}

impl<'a> Header<'a> {
    fn parse(lines: [&'a str; 4]) -> Option<Self> {
        let field = |line: &'a str, key: &str| line.strip_prefix(key)?.strip_prefix('\t');
        let mut years = field(lines[0], "years")?.split('\t').map(str::parse);
        let (first, last) = (years.next()?.ok()?, years.next()?.ok()?);
        let sundays = |line: &str| -> Option<Vec<NaiveDate>> {
            (first..).zip(line.split(' ')).map(|(year, mmdd)| month_day(year, mmdd)).collect()
        };
        let header = Header {
            first,
            last,
            easter: sundays(field(lines[1], "easter")?)?,
            orthodox: sundays(field(lines[2], "orthodox")?)?,
            names: field(lines[3], "names")?.split('|').collect(),
        };
        let count = usize::try_from(last - first + 1).ok()?;
        (header.easter.len() == count && header.orthodox.len() == count).then_some(header)
    }

    /// The dates of one WHEN: a rule in the years it holds in, or one date.
    fn dates(&self, when: &str) -> Option<Vec<NaiveDate>> {
        if let Some(day) = when.strip_prefix('d') {
            return NaiveDate::from_ymd_opt(self.first, 1, 1)?
                .checked_add_days(Days::new(base36(day)?.into()))
                .map(|d| vec![d]);
        }
        let (rule, runs) = when.split_once('/').unwrap_or((when, ""));
        let mut years = Vec::new();
        if runs.is_empty() {
            years.extend(self.first..=self.last);
        } else {
            let offsets: Vec<i32> =
                runs.chars().map(|c| c.to_digit(36).and_then(|d| i32::try_from(d).ok())).collect::<Option<_>>()?;
            for run in offsets.chunks(2) {
                let [from, to] = run else { return None };
                years.extend(self.first + from..=self.first + to);
            }
        }
        years.into_iter().map(|year| self.rule_date(rule, year)).collect()
    }

    fn rule_date(&self, rule: &str, year: i32) -> Option<NaiveDate> {
        let nth = usize::try_from(year - self.first).ok()?;
        let after_sunday = |sundays: &[NaiveDate], offset: &str| {
            let offset: i64 = offset.parse().ok()?;
            sundays.get(nth)?.checked_add_signed(chrono::TimeDelta::try_days(offset)?)
        };
        if let Some(offset) = rule.strip_prefix('e') {
            after_sunday(&self.easter, offset)
        } else if let Some(offset) = rule.strip_prefix('o') {
            after_sunday(&self.orthodox, offset)
        } else if let Some(start) = rule.strip_prefix('w') {
            let (mmdd, weekday) = (start.get(..4)?, start.get(4..)?.parse::<u32>().ok()?);
            let start = month_day(year, mmdd)?;
            let ahead = (weekday + 7 - start.weekday().num_days_from_monday()) % 7;
            start.checked_add_days(Days::new(ahead.into()))
        } else {
            month_day(year, rule)
        }
    }

    /// The days of a DAYS field, each with its name parts joined in the order of the table.
    fn days(&self, field: &str) -> Option<BTreeMap<NaiveDate, String>> {
        let mut parts = BTreeMap::<NaiveDate, Vec<usize>>::new();
        for group in field.split(' ').filter(|g| !g.is_empty()) {
            let (name, whens) = group.split_once(':')?;
            let name = usize::try_from(base36(name)?).ok()?;
            self.names.get(name)?; // a part outside the table makes the line unreadable, not a panic below
            for when in whens.split(',') {
                for date in self.dates(when)? {
                    parts.entry(date).or_default().push(name);
                }
            }
        }
        Some(
            parts
                .into_iter()
                .map(|(date, mut ids)| {
                    ids.sort_unstable();
                    (date, ids.iter().map(|&i| self.names[i]).collect::<Vec<_>>().join("; "))
                })
                .collect(),
        )
    }

    fn country(&self, line: &str) -> Option<CountryDays> {
        let mut fields = line.split('\t').skip(1);
        let national = self.days(fields.next()?)?;
        let mut regions = HashMap::new();
        for field in fields {
            let mut region = field.split('|');
            let (code, added, dropped) = (region.next()?, region.next()?, region.next()?);
            let mut gone = Vec::new();
            for when in dropped.split(',').filter(|w| !w.is_empty()) {
                gone.extend(self.dates(when)?);
            }
            regions.insert(code.to_string(), RegionDays { added: self.days(added)?, dropped: gone });
        }
        Some(CountryDays { national, regions })
    }
}

fn month_day(year: i32, mmdd: &str) -> Option<NaiveDate> {
    let (month, day) = (mmdd.get(..2)?.parse().ok()?, mmdd.get(2..)?.parse().ok()?);
    NaiveDate::from_ymd_opt(year, month, day)
}

/// The days of one country, read once per process (None for a code the data does not have). Balances, previews and
/// the calendar ask for a year or two of the team's country on every request; inflating the data again each time
/// would cost more than the request's own store reads.
fn country_days(code: &str) -> Option<Arc<CountryDays>> {
    static PARSED: OnceLock<Mutex<HashMap<String, Option<Arc<CountryDays>>>>> = OnceLock::new();
    let parsed = PARSED.get_or_init(Default::default);
    if let Some(known) = parsed.lock().unwrap_or_else(|e| e.into_inner()).get(code) {
        return known.clone();
    }
    let days = read_country(code).map(Arc::new);
    parsed.lock().unwrap_or_else(|e| e.into_inner()).insert(code.to_string(), days.clone());
    days
}

fn read_country(code: &str) -> Option<CountryDays> {
    let mut lines = BufReader::new(flate2::read::GzDecoder::new(HOLIDAYS_GZ)).lines().map_while(Result::ok);
    let head = [lines.next()?, lines.next()?, lines.next()?, lines.next()?];
    let header = Header::parse([&head[0], &head[1], &head[2], &head[3]])?;
    let prefix = format!("{code}\t");
    header.country(&lines.find(|line| line.starts_with(&prefix))?)
}

/// The public holidays of a country (of one of its regions when given) in `year`, by date. Empty for an unknown
/// country or region, and for a year outside [`years`].
pub fn public_holidays(country: &str, region: Option<&str>, year: i32) -> BTreeMap<NaiveDate, String> {
    let Some(known) = self::country(country) else { return BTreeMap::new() };
    if !years().contains(&year) {
        return BTreeMap::new();
    }
    let Some(all) = country_days(&known.code) else { return BTreeMap::new() };
    let (Some(first), Some(last)) = (NaiveDate::from_ymd_opt(year, 1, 1), NaiveDate::from_ymd_opt(year, 12, 31)) else {
        return BTreeMap::new();
    };
    let of_year = |days: &BTreeMap<NaiveDate, String>| -> BTreeMap<NaiveDate, String> {
        days.range(first..=last).map(|(d, n)| (*d, n.clone())).collect()
    };
    let mut days = of_year(&all.national);
    if let Some(region) = region {
        let Some(local) = all.regions.get(region) else { return BTreeMap::new() };
        for date in &local.dropped {
            days.remove(date);
        }
        days.extend(of_year(&local.added));
    }
    days
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(s: &str) -> NaiveDate {
        NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap()
    }

    #[test]
    fn the_catalogue_has_countries_and_regions() {
        assert!(countries().len() > 150);
        let de = country("de").unwrap();
        assert_eq!(de.name, "Germany");
        assert!(de.regions.iter().any(|r| r.code == "BY"));
        assert!(country("FR").unwrap().regions.iter().all(|r| !r.code.is_empty()));
        assert!(library().starts_with("holidays "));
        assert!(years().contains(&2026));
    }

    #[test]
    fn national_and_regional_days() {
        let national = public_holidays("DE", None, 2026);
        assert!(national.contains_key(&d("2026-10-03")), "German Unity Day");
        assert!(!national.contains_key(&d("2026-01-06")), "Epiphany is regional");
        assert!(national.keys().all(|d| d.format("%Y").to_string() == "2026"));
        let bavaria = public_holidays("DE", Some("BY"), 2026);
        assert!(bavaria.contains_key(&d("2026-01-06")));
        assert!(bavaria.contains_key(&d("2026-10-03")));
        let christmas = public_holidays("GB", Some("ENG"), 2027);
        assert!(christmas.contains_key(&d("2027-12-25")));
        assert!(public_holidays("US", None, 2026).contains_key(&d("2026-07-03")), "Independence Day observed");
    }

    /// `holiday-sample.json` holds the package's own calendars of a few countries and regions, written with the data:
    /// every year covered answers exactly their days.
    #[test]
    fn the_sample_calendars_day_by_day() {
        #[derive(Deserialize)]
        struct Sample {
            library: String,
            calendars: Vec<Calendar>,
        }
        #[derive(Deserialize)]
        struct Calendar {
            country: String,
            region: Option<String>,
            days: BTreeMap<NaiveDate, String>,
        }
        let sample: Sample = serde_json::from_str(include_str!("../data/holiday-sample.json")).unwrap();
        assert_eq!(sample.library, library());
        for calendar in &sample.calendars {
            let (country, region) = (&calendar.country, calendar.region.as_deref());
            for year in years() {
                let of_year = d(&format!("{year}-01-01"))..=d(&format!("{year}-12-31"));
                let expected: BTreeMap<_, _> =
                    calendar.days.range(of_year).map(|(date, name)| (*date, name.clone())).collect();
                assert!(!expected.is_empty(), "{country} {region:?} {year}");
                assert_eq!(public_holidays(country, region, year), expected, "{country} {region:?} {year}");
            }
        }
    }

    /// A line the reader cannot read would give its country no days at all, so every one is read here.
    #[test]
    fn every_country_and_region_reads() {
        for country in countries() {
            let days = country_days(&country.code).unwrap_or_else(|| panic!("{} reads", country.code));
            for region in &country.regions {
                assert!(days.regions.contains_key(&region.code), "{} {}", country.code, region.code);
            }
        }
    }

    #[test]
    fn unknown_inputs_give_no_days() {
        assert!(public_holidays("XX", None, 2026).is_empty());
        assert!(public_holidays("DE", Some("XX"), 2026).is_empty());
        assert!(public_holidays("DE", None, 1990).is_empty());
    }
}
