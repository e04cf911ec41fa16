//! The team's holidays: days nobody works, which a leave does not count.
//!
//! An admin picks the team's country (and region, where the country's regions keep their own days):
//! `TEAM#<teamId>` / `HOLIDAYPLACE`. A year's list is the country's public holidays from the holiday library
//! ([`bt_core::holidays`]) until an admin changes it: adding a company day off, or removing a day, stores the year's
//! whole list (`TEAM#<teamId>` / `HOLIDAYS#<year>`, with the place it was made for). A stored list made for another
//! place than the team's current one is not used: changing the country gives every year that country's days again.
//! Reading a year is two GetItems, whatever the team's size.

use std::collections::{BTreeMap, BTreeSet};

use chrono::{DateTime, Datelike, NaiveDate, Utc};
use serde::{Deserialize, Serialize};

pub mod repo;

use bt_accounts::audit::{self, Action, Entry};
use bt_accounts::users::{Role, User};
use bt_core::error::{AppError, AppResult};
use bt_core::holidays;
use bt_core::services::Services;
use bt_core::store::Table;
use bt_core::types::{Day, TeamId};
use bt_core::validate::Check;
use repo::HolidayRepo;

pub const ADMINS_ONLY: &str = "Only admins can change the team's holidays.";
pub const BAD_YEAR: &str = "Year must be between 1900 and 2999.";
pub const BAD_COUNTRY: &str = "Choose a country from the list.";
pub const BAD_REGION: &str = "Choose one of the country's regions, or none.";
pub const BAD_DAY: &str = "Each day needs a date in the chosen year and a name of 1 to 80 characters.";
pub const TWICE: &str = "Each date can be listed once.";
pub const TOO_MANY: &str = "A year can have at most 100 holidays.";
pub const MAX_NAME_CHARS: usize = 80;
pub const MAX_DAYS: usize = 100;

/// Where a holiday comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum HolidaySource {
    /// A public holiday of the team's country (and region).
    Public,
    /// A day off an admin added.
    Company,
}

/// One day off of the whole team.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TeamHoliday {
    pub date: Day,
    pub name: String,
    pub source: HolidaySource,
}

/// `GET /team/holidays`: a year's days off and the place they come from.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TeamHolidays {
    pub year: i32,
    /// ISO 3166-1 alpha-2, or null until an admin picks one.
    pub country: Option<String>,
    /// The region's code within the country, or null.
    pub region: Option<String>,
    /// By date.
    pub holidays: Vec<TeamHoliday>,
    /// The library the public holidays come from, with its version.
    pub library: String,
}

/// The team's place, as stored.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
struct Place {
    country: Option<String>,
    region: Option<String>,
}

/// A year's list an admin changed, as stored.
#[derive(Debug, Clone, Serialize, Deserialize)]
struct StoredYear {
    year: i32,
    country: Option<String>,
    region: Option<String>,
    holidays: Vec<TeamHoliday>,
}

/// A day in `PUT /team/holidays`.
#[derive(Debug, Clone)]
pub struct HolidayInput {
    pub date: Option<String>,
    pub name: Option<String>,
}

/// `PUT /team/holidays`. A field left out keeps its value; `country: null` clears the place.
#[derive(Debug, Clone, Default)]
pub struct HolidaysInput {
    /// The year of `holidays` (this year when left out).
    pub year: Option<i32>,
    pub country: Option<Option<String>>,
    pub region: Option<Option<String>>,
    /// The year's whole list; left out, the year goes back to the country's public holidays.
    pub holidays: Option<Vec<HolidayInput>>,
}

fn public_days(place: &Place, year: i32) -> BTreeMap<NaiveDate, String> {
    match &place.country {
        Some(country) => holidays::public_holidays(country, place.region.as_deref(), year),
        None => BTreeMap::new(),
    }
}

async fn year_list(repo: &HolidayRepo<'_>, team_id: &TeamId, place: &Place, year: i32) -> AppResult<Vec<TeamHoliday>> {
    let stored = repo.year(team_id, year).await?;
    if let Some(stored) = stored.filter(|s| s.country == place.country && s.region == place.region) {
        return Ok(stored.holidays);
    }
    Ok(public_days(place, year)
        .into_iter()
        // A year outside those a day can hold (the year before 1900, read for a carry-over) has none.
        .filter_map(|(date, name)| {
            Some(TeamHoliday { date: Day::from_date(date).ok()?, name, source: HolidaySource::Public })
        })
        .collect())
}

fn answer(place: Place, year: i32, holidays: Vec<TeamHoliday>) -> TeamHolidays {
    TeamHolidays {
        year,
        country: place.country,
        region: place.region,
        holidays,
        library: holidays::library().to_string(),
    }
}

fn checked_year(year: Option<i32>, this_year: i32, check: &mut Check) -> i32 {
    let year = year.unwrap_or(this_year);
    check.rule("year", (1900..=2999).contains(&year), BAD_YEAR);
    year
}

/// A year's holidays of the viewer's team (this year when None).
pub async fn team_holidays(
    app: &Services,
    viewer: &User,
    year: Option<i32>,
    now: DateTime<Utc>,
) -> AppResult<TeamHolidays> {
    let mut check = Check::new();
    let year = checked_year(year, super::dates::today(viewer.tz(), now).year(), &mut check);
    check.finish()?;
    let repo = HolidayRepo::new(app.table());
    let place = repo.place(&viewer.team_id).await?;
    let list = year_list(&repo, &viewer.team_id, &place, year).await?;
    Ok(answer(place, year, list))
}

/// The days off of `years`, for counting working days.
pub async fn holiday_dates(
    store: &dyn Table,
    team_id: &TeamId,
    years: std::ops::RangeInclusive<i32>,
) -> AppResult<BTreeSet<NaiveDate>> {
    let repo = HolidayRepo::new(store);
    let place = repo.place(team_id).await?;
    let mut dates = BTreeSet::new();
    for year in years {
        dates.extend(year_list(&repo, team_id, &place, year).await?.iter().map(|h| h.date.date()));
    }
    Ok(dates)
}

/// The days off between two dates, by date (for the team calendar).
pub async fn holidays_between(
    store: &dyn Table,
    team_id: &TeamId,
    from: NaiveDate,
    to: NaiveDate,
) -> AppResult<Vec<TeamHoliday>> {
    let repo = HolidayRepo::new(store);
    let place = repo.place(team_id).await?;
    let mut out = Vec::new();
    for year in from.year()..=to.year() {
        let list = year_list(&repo, team_id, &place, year).await?;
        out.extend(list.into_iter().filter(|h| h.date.date() >= from && h.date.date() <= to));
    }
    Ok(out)
}

/// The place an input asks for, checked against the library's countries and regions.
fn new_place(old: &Place, input: &HolidaysInput, check: &mut Check) -> Place {
    let wanted = |v: &Option<Option<String>>| -> Option<Option<String>> {
        v.as_ref().map(|v| v.as_deref().map(str::trim).filter(|s| !s.is_empty()).map(str::to_string))
    };
    let country = match wanted(&input.country) {
        None => old.country.clone(),
        Some(None) => None,
        Some(Some(code)) => match holidays::country(&code) {
            Some(known) => Some(known.code.clone()),
            None => {
                check.fail("country", BAD_COUNTRY);
                return old.clone();
            }
        },
    };
    let region = match wanted(&input.region) {
        // A new country starts without a region; the same country keeps its own.
        None if country == old.country => old.region.clone(),
        None | Some(None) => None,
        Some(Some(code)) => {
            let known = country.as_deref().and_then(holidays::country);
            match known.and_then(|c| c.regions.iter().find(|r| r.code.eq_ignore_ascii_case(&code))) {
                Some(region) => Some(region.code.clone()),
                None => {
                    check.fail("region", BAD_REGION);
                    None
                }
            }
        }
    };
    Place { country, region }
}

/// The list an admin sent, checked: dates in the year, names of 1 to 80 characters, each date once.
fn new_list(
    days: &[HolidayInput],
    year: i32,
    public: &BTreeMap<NaiveDate, String>,
    check: &mut Check,
) -> Vec<TeamHoliday> {
    if days.len() > MAX_DAYS {
        check.fail("holidays", TOO_MANY);
        return Vec::new();
    }
    let mut seen = BTreeMap::new();
    for day in days {
        let date = day.date.as_deref().and_then(|d| Day::parse(d).ok()).filter(|d| d.date().year() == year);
        let name = day.name.as_deref().map(str::trim).unwrap_or_default();
        let Some(date) = date.filter(|_| !name.is_empty() && name.chars().count() <= MAX_NAME_CHARS) else {
            check.fail("holidays", BAD_DAY);
            return Vec::new();
        };
        if seen.insert(date, name.to_string()).is_some() {
            check.fail("holidays", TWICE);
            return Vec::new();
        }
    }
    seen.into_iter()
        .map(|(date, name)| {
            let source = if public.contains_key(&date.date()) { HolidaySource::Public } else { HolidaySource::Company };
            TeamHoliday { date, name, source }
        })
        .collect()
}

/// An admin sets the team's place and, optionally, a year's list of days off.
pub async fn set_team_holidays(
    app: &Services,
    admin: &User,
    input: &HolidaysInput,
    now: DateTime<Utc>,
) -> AppResult<TeamHolidays> {
    if admin.role != Role::Admin {
        return Err(AppError::Forbidden(ADMINS_ONLY.into()));
    }
    let team_id = &admin.team_id;
    let mut check = Check::new();
    let year = checked_year(input.year, super::dates::today(admin.tz(), now).year(), &mut check);
    let repo = HolidayRepo::new(app.table());
    let old = repo.place(team_id).await?;
    let place = new_place(&old, input, &mut check);
    let public = public_days(&place, year);
    let list = input.holidays.as_deref().map(|days| new_list(days, year, &public, &mut check));
    check.finish()?;
    let before_list = repo.year(team_id, year).await?;
    let stored = list.map(|holidays| StoredYear {
        year,
        country: place.country.clone(),
        region: place.region.clone(),
        holidays,
    });
    let before = serde_json::json!({ "place": old, "days": before_list.map(|y| y.holidays) });
    let after = serde_json::json!({ "place": place, "days": stored.as_ref().map(|y| &y.holidays) });
    let logged =
        Entry::by(admin, Action::HolidaysChanged, now).about(year.to_string()).change(Some(&before), Some(&after));
    repo.save_logged(team_id, &place, year, stored.as_ref(), audit::op(&logged)?).await?;
    let holidays = match stored {
        Some(stored) => stored.holidays,
        None => year_list(&repo, team_id, &place, year).await?,
    };
    Ok(answer(place, year, holidays))
}

/// The countries (and their regions) a team can pick.
pub fn countries() -> &'static [holidays::Country] {
    holidays::countries()
}
