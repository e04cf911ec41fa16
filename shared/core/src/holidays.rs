//! Public holidays by country and region, from the maintained `holidays` package (PyPI).
//!
//! `infra/scripts/holiday_data.py` writes `data/holiday-countries.json` (countries, their regions, the package
//! version and the years covered) and `data/holidays.txt.gz` (one line per country) from a pinned version of the
//! package; `make holidays` refreshes them and `make holidays-check` (part of `make test`) proves the embedded files
//! are what that version writes. Nothing here is typed by hand: like the time-zone database in `chrono-tz`, the
//! calendars are a snapshot of the library the field maintains, embedded so that no request needs a network.
//!
//! The gzip is read only when a team's country is first looked up (then only that country's line is parsed, and kept
//! for the process), so binaries that never call [`public_holidays`] do not keep it.

use std::collections::{BTreeMap, HashMap};
use std::io::{BufRead, BufReader};
use std::sync::{Arc, Mutex, OnceLock};

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

const COUNTRIES_JSON: &str = include_str!("../data/holiday-countries.json");
const HOLIDAYS_GZ: &[u8] = include_bytes!("../data/holidays.txt.gz");

/// A region (state, province, nation…) of a country with its own holidays.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Region {
    /// The package's code for it: ISO 3166-2 where there is one ("BY" in Germany).
    pub code: String,
    /// Its name (English where the package has one).
    pub name: String,
}

/// A country whose holidays are known.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
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

#[derive(Deserialize)]
struct RegionDays {
    #[serde(rename = "+")]
    added: BTreeMap<String, String>,
    #[serde(rename = "-")]
    dropped: Vec<String>,
}

#[derive(Deserialize)]
struct CountryDays {
    #[serde(rename = "")]
    national: BTreeMap<String, String>,
    #[serde(flatten)]
    regions: BTreeMap<String, RegionDays>,
}

/// The line of one country, parsed once per process (None for a code the data does not have). Balances, previews and
/// the calendar ask for a year or two of the team's country on every request; inflating the data again each time
/// would cost more than the request's own store reads.
fn country_days(code: &str) -> Option<Arc<CountryDays>> {
    static PARSED: OnceLock<Mutex<HashMap<String, Option<Arc<CountryDays>>>>> = OnceLock::new();
    let parsed = PARSED.get_or_init(Default::default);
    if let Some(known) = parsed.lock().unwrap_or_else(|e| e.into_inner()).get(code) {
        return known.clone();
    }
    let reader = BufReader::new(flate2::read::GzDecoder::new(HOLIDAYS_GZ));
    let prefix = format!("{code}\t");
    let days = reader
        .lines()
        .map_while(Result::ok)
        .find(|line| line.starts_with(&prefix))
        .and_then(|line| serde_json::from_str(&line[prefix.len()..]).ok())
        .map(Arc::new);
    parsed.lock().unwrap_or_else(|e| e.into_inner()).insert(code.to_string(), days.clone());
    days
}

/// The public holidays of a country (of one of its regions when given) in `year`, by date. Empty for an unknown
/// country or region, and for a year outside [`years`].
pub fn public_holidays(country: &str, region: Option<&str>, year: i32) -> BTreeMap<NaiveDate, String> {
    let Some(known) = self::country(country) else { return BTreeMap::new() };
    if !years().contains(&year) {
        return BTreeMap::new();
    }
    let Some(all) = country_days(&known.code) else { return BTreeMap::new() };
    let prefix = format!("{year:04}-");
    let of_year = |days: &BTreeMap<String, String>| -> BTreeMap<String, String> {
        days.iter().filter(|(d, _)| d.starts_with(&prefix)).map(|(d, n)| (d.clone(), n.clone())).collect()
    };
    let mut days = of_year(&all.national);
    if let Some(region) = region {
        let Some(local) = all.regions.get(region) else { return BTreeMap::new() };
        for date in &local.dropped {
            days.remove(date);
        }
        days.extend(of_year(&local.added));
    }
    days.into_iter().filter_map(|(d, n)| NaiveDate::parse_from_str(&d, "%Y-%m-%d").ok().map(|d| (d, n))).collect()
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

    #[test]
    fn unknown_inputs_give_no_days() {
        assert!(public_holidays("XX", None, 2026).is_empty());
        assert!(public_holidays("DE", Some("XX"), 2026).is_empty());
        assert!(public_holidays("DE", None, 1990).is_empty());
    }
}
