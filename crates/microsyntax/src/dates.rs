//! 2.3.5 Dates and times: months, dates, yearless dates, times, local dates and times, time-zone
//! offsets, global dates and times, weeks, durations, and "date or time" strings.
//!
//! Each value type parses with the spec's rules through [`FromStr`] (and a `parse_*` function)
//! and serializes with [`Display`](fmt::Display) as the spec's valid (normalized, shortest) form.
//!
//! Limits beyond the spec (which uses unbounded integers): years above `u32::MAX` are rejected
//! with [`ErrorKind::Overflow`]; seconds keep nanosecond precision (fraction digits after the
//! ninth are dropped); durations are limited to `u64` seconds.
//!
//! ```
//! use websyntax_microsyntax::dates::*;
//! let t: Time = "08:30:00.500".parse().unwrap();
//! assert_eq!(t.to_string(), "08:30:00.5");
//! let g: GlobalDateTime = "2011-11-18T14:54:39.929-05:00".parse().unwrap();
//! assert_eq!(g.to_utc().unwrap().to_string(), "2011-11-18T19:54:39.929Z");
//! assert!("2015-W53".parse::<Week>().is_ok());
//! assert!("2014-W53".parse::<Week>().is_err());
//! ```

use std::fmt;
use std::str::FromStr;

use crate::error::{Error, ErrorKind, err};
use crate::idioms::{Cursor, digits_to_u64, fraction_to_nanos, is_ascii_whitespace};

/// Whether `year` is a Gregorian leap year.
pub const fn is_leap_year(year: u32) -> bool {
    year.is_multiple_of(400) || (year.is_multiple_of(4) && !year.is_multiple_of(100))
}

/// The number of days in month `month` (1-12) of year `year`.
///
/// ```
/// use websyntax_microsyntax::dates::days_in_month;
/// assert_eq!(days_in_month(2000, 2), 29);
/// assert_eq!(days_in_month(1900, 2), 28);
/// ```
pub const fn days_in_month(year: u32, month: u8) -> u8 {
    match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if is_leap_year(year) => 29,
        2 => 28,
        _ => 0,
    }
}

/// Day of the week of January 1st of `year` (0 = Sunday ... 6 = Saturday).
const fn jan1_weekday(year: u32) -> u64 {
    let y = year as u64 - 1;
    (1 + 5 * (y % 4) + 4 * (y % 100) + 6 * (y % 400)) % 7
}

/// The week number of the last day of week-numbering year `year`: 53 when January 1st is a
/// Thursday, or a Wednesday in a leap year; otherwise 52.
///
/// (Our Japanese spec text says "Thursday" twice; the English original, and ISO 8601, say
/// "a Wednesday and `year` is a leap year" for the second case.)
///
/// ```
/// use websyntax_microsyntax::dates::weeks_in_year;
/// assert_eq!(weeks_in_year(2015), 53);
/// assert_eq!(weeks_in_year(2020), 53);
/// assert_eq!(weeks_in_year(2014), 52);
/// ```
pub const fn weeks_in_year(year: u32) -> u8 {
    if year == 0 {
        return 52;
    }
    let wd = jan1_weekday(year);
    if wd == 4 || (wd == 3 && is_leap_year(year)) {
        53
    } else {
        52
    }
}

// ----- shared component parsers ----------------------------------------------------------------

/// Collects exactly two ASCII digits for `field`.
fn two_digits(c: &mut Cursor<'_>, field: &'static str) -> Result<u8, Error> {
    let start = c.pos;
    let d = c.digits();
    if d.len() != 2 {
        return err(
            ErrorKind::DigitCount {
                field,
                required: "exactly 2",
                found: d.len(),
            },
            start,
        );
    }
    let b = d.as_bytes();
    Ok((b[0] - b'0') * 10 + (b[1] - b'0'))
}

/// Requires `ch` at position and moves past it.
fn expect(c: &mut Cursor<'_>, ch: u8) -> Result<(), Error> {
    if c.eat(ch) {
        Ok(())
    } else {
        err(ErrorKind::Expected(char::from(ch)), c.pos)
    }
}

/// Four or more digits, a year > 0.
fn year(c: &mut Cursor<'_>) -> Result<u32, Error> {
    let start = c.pos;
    let d = c.digits();
    if d.len() < 4 {
        return err(
            ErrorKind::DigitCount {
                field: "year",
                required: "at least 4",
                found: d.len(),
            },
            start,
        );
    }
    let v = digits_to_u64(d.trim_start_matches('0'))
        .and_then(|v| u32::try_from(v).ok())
        .ok_or(Error::new(ErrorKind::Overflow, start))?;
    if v == 0 {
        return err(ErrorKind::OutOfRange { field: "year" }, start);
    }
    Ok(v)
}

/// The rules to parse a month component.
fn month_component(c: &mut Cursor<'_>) -> Result<(u32, u8), Error> {
    // 1-2. Four or more digits: year > 0.
    let y = year(c)?;
    // 3. "-".
    expect(c, b'-')?;
    // 4-5. Two digits: month 1-12.
    let start = c.pos;
    let m = two_digits(c, "month")?;
    if !(1..=12).contains(&m) {
        return err(ErrorKind::OutOfRange { field: "month" }, start);
    }
    // 6. Return year and month.
    Ok((y, m))
}

/// The rules to parse a date component.
fn date_component(c: &mut Cursor<'_>) -> Result<Date, Error> {
    // 1. Month component. 2. maxday.
    let (y, m) = month_component(c)?;
    let maxday = days_in_month(y, m);
    // 3. "-".
    expect(c, b'-')?;
    // 4-5. Two digits: day 1..maxday.
    let start = c.pos;
    let d = two_digits(c, "day")?;
    if d < 1 || d > maxday {
        return err(ErrorKind::OutOfRange { field: "day" }, start);
    }
    // 6. Return year, month, day.
    Ok(Date {
        year: y,
        month: m,
        day: d,
    })
}

/// The rules to parse a yearless date component.
fn yearless_date_component(c: &mut Cursor<'_>) -> Result<YearlessDate, Error> {
    // 1. Zero or two "-".
    let start = c.pos;
    let hyphens = c.collect(|b| b == b'-');
    if !hyphens.is_empty() && hyphens.len() != 2 {
        return err(ErrorKind::ExpectedDigit, start + hyphens.len().min(2));
    }
    // 2-3. Two digits: month 1-12.
    let at = c.pos;
    let m = two_digits(c, "month")?;
    if !(1..=12).contains(&m) {
        return err(ErrorKind::OutOfRange { field: "month" }, at);
    }
    // 4. maxday in a leap year.
    let maxday = days_in_month(4, m);
    // 5. "-".
    expect(c, b'-')?;
    // 6-7. Two digits: day 1..maxday.
    let at = c.pos;
    let d = two_digits(c, "day")?;
    if d < 1 || d > maxday {
        return err(ErrorKind::OutOfRange { field: "day" }, at);
    }
    // 8. Return month and day.
    Ok(YearlessDate { month: m, day: d })
}

/// The rules to parse a time component. Also returns the number of fraction digits.
fn time_component(c: &mut Cursor<'_>) -> Result<(Time, usize), Error> {
    // 1-2. Two digits: hour 0-23.
    let at = c.pos;
    let hour = two_digits(c, "hour")?;
    if hour > 23 {
        return err(ErrorKind::OutOfRange { field: "hour" }, at);
    }
    // 3. ":".
    expect(c, b':')?;
    // 4-5. Two digits: minute 0-59.
    let at = c.pos;
    let minute = two_digits(c, "minute")?;
    if minute > 59 {
        return err(ErrorKind::OutOfRange { field: "minute" }, at);
    }
    // 6. second = 0.
    let mut second = 0;
    let mut nanosecond = 0;
    let mut frac_len = 0;
    // 7. ":" then seconds.
    if c.eat(b':') {
        // 7.2 Two digits must follow.
        let at = c.pos;
        if !(c.peek().is_some_and(|b| b.is_ascii_digit())
            && c.peek_at(1).is_some_and(|b| b.is_ascii_digit()))
        {
            return err(
                ErrorKind::DigitCount {
                    field: "second",
                    required: "exactly 2",
                    found: usize::from(c.peek().is_some_and(|b| b.is_ascii_digit())),
                },
                at,
            );
        }
        // 7.3 Digits and "."s: "ss" or "ss.f+" (three characters, a non-"." third
        //     character, or two "."s fail).
        let s = c.collect(|b| b.is_ascii_digit() || b == b'.');
        let b = s.as_bytes();
        if s.len() == 3 || (s.len() > 3 && b[2] != b'.') {
            return err(
                ErrorKind::DigitCount {
                    field: "second",
                    required: "exactly 2",
                    found: s.len(),
                },
                at,
            );
        }
        if let Some(extra) = s.get(3..).and_then(|f| f.find('.')) {
            return err(ErrorKind::ExpectedDigit, at + 3 + extra);
        }
        second = (b[0] - b'0') * 10 + (b[1] - b'0');
        if let Some(f) = s.get(3..) {
            frac_len = f.len();
            nanosecond = fraction_to_nanos(f);
        }
        // 7.4 0 ≤ second < 60.
        if second > 59 {
            return err(ErrorKind::OutOfRange { field: "second" }, at);
        }
    }
    // 8. Return hour, minute, second.
    Ok((
        Time {
            hour,
            minute,
            second,
            nanosecond,
        },
        frac_len,
    ))
}

/// The rules to parse a time-zone offset component.
fn time_zone_component(c: &mut Cursor<'_>) -> Result<TimeZoneOffset, Error> {
    // 1. "Z", or "+"/"-" then hours and minutes.
    match c.peek() {
        Some(b'Z') => {
            c.advance();
            Ok(TimeZoneOffset { minutes: 0 })
        }
        Some(sign @ (b'+' | b'-')) => {
            c.advance();
            let at = c.pos;
            let s = c.digits();
            let b = s.as_bytes();
            let (hours, minutes, minutes_at) = match s.len() {
                // "HH" ":" "MM"
                2 => {
                    let h = (b[0] - b'0') * 10 + (b[1] - b'0');
                    expect(c, b':')?;
                    let m_at = c.pos;
                    (h, two_digits(c, "time-zone minutes")?, m_at)
                }
                // "HHMM"
                4 => (
                    (b[0] - b'0') * 10 + (b[1] - b'0'),
                    (b[2] - b'0') * 10 + (b[3] - b'0'),
                    at + 2,
                ),
                n => {
                    return err(
                        ErrorKind::DigitCount {
                            field: "time-zone hours",
                            required: "2 or 4",
                            found: n,
                        },
                        at,
                    );
                }
            };
            // 5-8. Ranges and sign.
            if hours > 23 {
                return err(
                    ErrorKind::OutOfRange {
                        field: "time-zone hours",
                    },
                    at,
                );
            }
            if minutes > 59 {
                return err(
                    ErrorKind::OutOfRange {
                        field: "time-zone minutes",
                    },
                    minutes_at,
                );
            }
            let total = i16::from(hours) * 60 + i16::from(minutes);
            Ok(TimeZoneOffset {
                minutes: if sign == b'-' { -total } else { total },
            })
        }
        _ => err(ErrorKind::ExpectedOneOf("\"Z\", \"+\" or \"-\""), c.pos),
    }
}

/// "If position is not beyond the end of input, then fail."
fn end(c: &Cursor<'_>) -> Result<(), Error> {
    if c.at_end() {
        Ok(())
    } else {
        err(ErrorKind::TrailingInput, c.pos)
    }
}

/// "T" or a space between a date and a time; returns whether it was "T".
fn date_time_separator(c: &mut Cursor<'_>) -> Result<bool, Error> {
    if c.eat(b'T') {
        Ok(true)
    } else if c.eat(b' ') {
        Ok(false)
    } else {
        err(ErrorKind::ExpectedOneOf("\"T\" or a space"), c.pos)
    }
}

macro_rules! from_str_via {
    ($ty:ty, $f:ident) => {
        impl FromStr for $ty {
            type Err = Error;
            fn from_str(s: &str) -> Result<Self, Error> {
                $f(s)
            }
        }
    };
}

// ----- 2.3.5.1 Months --------------------------------------------------------------------------

/// A month: a year (≥ 1) and a month (1-12). Serializes as `YYYY-MM`.
///
/// ```
/// use websyntax_microsyntax::dates::Month;
/// let m: Month = "2011-11".parse().unwrap();
/// assert_eq!((m.year(), m.month()), (2011, 11));
/// assert_eq!(Month::new(33, 1).unwrap().to_string(), "0033-01");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Month {
    year: u32,
    month: u8,
}

impl Month {
    /// A month, or `None` when `year` is 0 or `month` is not 1-12.
    pub fn new(year: u32, month: u8) -> Option<Self> {
        (year >= 1 && (1..=12).contains(&month)).then_some(Month { year, month })
    }
    /// The year.
    pub fn year(&self) -> u32 {
        self.year
    }
    /// The month (1-12).
    pub fn month(&self) -> u8 {
        self.month
    }
}

impl fmt::Display for Month {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-{:02}", self.year, self.month)
    }
}

/// The rules to parse a month string (2.3.5.1).
///
/// ```
/// use websyntax_microsyntax::dates::parse_month;
/// assert!(parse_month("2013-13").is_err());
/// ```
pub fn parse_month(input: &str) -> Result<Month, Error> {
    let mut c = Cursor::new(input);
    let (year, month) = month_component(&mut c)?;
    end(&c)?;
    Ok(Month { year, month })
}
from_str_via!(Month, parse_month);

/// Whether `input` is a valid month string.
pub fn is_valid_month(input: &str) -> bool {
    parse_month(input).is_ok()
}

// ----- 2.3.5.2 Dates ---------------------------------------------------------------------------

/// A date: year (≥ 1), month, day. Serializes as `YYYY-MM-DD`.
///
/// ```
/// use websyntax_microsyntax::dates::Date;
/// let d: Date = "2016-02-29".parse().unwrap();
/// assert_eq!(d.to_string(), "2016-02-29");
/// assert!(Date::new(2014, 2, 29).is_none());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Date {
    year: u32,
    month: u8,
    day: u8,
}

impl Date {
    /// A date, or `None` when out of range.
    pub fn new(year: u32, month: u8, day: u8) -> Option<Self> {
        Month::new(year, month)?;
        (day >= 1 && day <= days_in_month(year, month)).then_some(Date { year, month, day })
    }
    /// The year.
    pub fn year(&self) -> u32 {
        self.year
    }
    /// The month (1-12).
    pub fn month(&self) -> u8 {
        self.month
    }
    /// The day of the month.
    pub fn day(&self) -> u8 {
        self.day
    }

    /// Days since 1970-01-01 (proleptic Gregorian).
    fn days_since_epoch(&self) -> i64 {
        // Howard Hinnant's days_from_civil.
        let m = i64::from(self.month);
        let y = i64::from(self.year) - i64::from(m <= 2);
        let era = y.div_euclid(400);
        let yoe = y - era * 400;
        let mp = (m + 9) % 12;
        let doy = (153 * mp + 2) / 5 + i64::from(self.day) - 1;
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
        era * 146097 + doe - 719468
    }

    /// The inverse of `days_since_epoch`; `None` when the year is not 1..=u32::MAX.
    fn from_days_since_epoch(z: i64) -> Option<Date> {
        let z = z + 719468;
        let era = z.div_euclid(146097);
        let doe = z - era * 146097;
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        let mp = (5 * doy + 2) / 153;
        let d = doy - (153 * mp + 2) / 5 + 1;
        let m = if mp < 10 { mp + 3 } else { mp - 9 };
        let y = yoe + era * 400 + i64::from(m <= 2);
        Date::new(
            u32::try_from(y).ok()?,
            u8::try_from(m).ok()?,
            u8::try_from(d).ok()?,
        )
    }
}

impl fmt::Display for Date {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

/// The rules to parse a date string (2.3.5.2).
///
/// ```
/// use websyntax_microsyntax::dates::parse_date;
/// assert_eq!(parse_date("2014-04-31").unwrap_err().offset(), 8);
/// ```
pub fn parse_date(input: &str) -> Result<Date, Error> {
    let mut c = Cursor::new(input);
    let d = date_component(&mut c)?;
    end(&c)?;
    Ok(d)
}
from_str_via!(Date, parse_date);

/// Whether `input` is a valid date string.
pub fn is_valid_date(input: &str) -> bool {
    parse_date(input).is_ok()
}

// ----- 2.3.5.3 Yearless dates ------------------------------------------------------------------

/// A yearless date: month and day (29 February allowed). Serializes as `MM-DD`.
///
/// ```
/// use websyntax_microsyntax::dates::YearlessDate;
/// assert_eq!("--02-29".parse::<YearlessDate>().unwrap().to_string(), "02-29");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct YearlessDate {
    month: u8,
    day: u8,
}

impl YearlessDate {
    /// A yearless date, or `None` when out of range (checked against a leap year).
    pub fn new(month: u8, day: u8) -> Option<Self> {
        ((1..=12).contains(&month) && day >= 1 && day <= days_in_month(4, month))
            .then_some(YearlessDate { month, day })
    }
    /// The month (1-12).
    pub fn month(&self) -> u8 {
        self.month
    }
    /// The day of the month.
    pub fn day(&self) -> u8 {
        self.day
    }
}

impl fmt::Display for YearlessDate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:02}-{:02}", self.month, self.day)
    }
}

/// The rules to parse a yearless date string (2.3.5.3).
///
/// ```
/// use websyntax_microsyntax::dates::parse_yearless_date;
/// assert!(parse_yearless_date("-02-01").is_err());
/// ```
pub fn parse_yearless_date(input: &str) -> Result<YearlessDate, Error> {
    let mut c = Cursor::new(input);
    let d = yearless_date_component(&mut c)?;
    end(&c)?;
    Ok(d)
}
from_str_via!(YearlessDate, parse_yearless_date);

/// Whether `input` is a valid yearless date string.
pub fn is_valid_yearless_date(input: &str) -> bool {
    parse_yearless_date(input).is_ok()
}

// ----- 2.3.5.4 Times ---------------------------------------------------------------------------

/// A time of day with nanosecond precision. Serializes as the shortest valid time string
/// (`HH:MM`, `HH:MM:SS` or `HH:MM:SS.f` with 1-3 fraction digits); a time with sub-millisecond
/// precision prints up to nine fraction digits, which is not a valid time string.
///
/// ```
/// use websyntax_microsyntax::dates::Time;
/// assert_eq!("12:00:00.000".parse::<Time>().unwrap().to_string(), "12:00");
/// assert_eq!(Time::new(1, 2, 3, 40_000_000).unwrap().to_string(), "01:02:03.04");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Time {
    hour: u8,
    minute: u8,
    second: u8,
    nanosecond: u32,
}

impl Time {
    /// A time, or `None` when a field is out of range.
    pub fn new(hour: u8, minute: u8, second: u8, nanosecond: u32) -> Option<Self> {
        (hour < 24 && minute < 60 && second < 60 && nanosecond < 1_000_000_000).then_some(Time {
            hour,
            minute,
            second,
            nanosecond,
        })
    }
    /// The hour (0-23).
    pub fn hour(&self) -> u8 {
        self.hour
    }
    /// The minute (0-59).
    pub fn minute(&self) -> u8 {
        self.minute
    }
    /// The whole second (0-59).
    pub fn second(&self) -> u8 {
        self.second
    }
    /// The fraction of the second, in nanoseconds.
    pub fn nanosecond(&self) -> u32 {
        self.nanosecond
    }
    fn minutes_of_day(&self) -> i64 {
        i64::from(self.hour) * 60 + i64::from(self.minute)
    }
}

impl fmt::Display for Time {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:02}:{:02}", self.hour, self.minute)?;
        if self.second == 0 && self.nanosecond == 0 {
            return Ok(());
        }
        write!(f, ":{:02}", self.second)?;
        if self.nanosecond != 0 {
            let frac = format!("{:09}", self.nanosecond);
            write!(f, ".{}", frac.trim_end_matches('0'))?;
        }
        Ok(())
    }
}

/// The rules to parse a time string (2.3.5.4).
///
/// ```
/// use websyntax_microsyntax::dates::parse_time;
/// assert_eq!(parse_time("23:59:59.9999").unwrap().nanosecond(), 999_900_000);
/// assert!(parse_time("24:00").is_err());
/// ```
pub fn parse_time(input: &str) -> Result<Time, Error> {
    let mut c = Cursor::new(input);
    let (t, _) = time_component(&mut c)?;
    end(&c)?;
    Ok(t)
}
from_str_via!(Time, parse_time);

/// Whether `input` is a valid time string (at most three fraction digits).
pub fn is_valid_time(input: &str) -> bool {
    let mut c = Cursor::new(input);
    matches!(time_component(&mut c), Ok((_, n)) if n <= 3) && c.at_end()
}

// ----- 2.3.5.5 Local dates and times -----------------------------------------------------------

/// A local date and time. Serializes as the valid normalized local date and time string
/// (`T` separator, shortest time).
///
/// ```
/// use websyntax_microsyntax::dates::LocalDateTime;
/// let v: LocalDateTime = "2011-11-18 14:54:00".parse().unwrap();
/// assert_eq!(v.to_string(), "2011-11-18T14:54");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct LocalDateTime {
    /// The date.
    pub date: Date,
    /// The time.
    pub time: Time,
}

impl fmt::Display for LocalDateTime {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}T{}", self.date, self.time)
    }
}

fn local_date_time_steps(input: &str) -> Result<(LocalDateTime, bool, usize, usize), Error> {
    let mut c = Cursor::new(input);
    // 3. Date component.
    let date = date_component(&mut c)?;
    // 4. "T" or space.
    let t = date_time_separator(&mut c)?;
    let time_start = c.pos;
    // 5. Time component. 6. End.
    let (time, frac) = time_component(&mut c)?;
    end(&c)?;
    // 7-9. Return date and time.
    Ok((LocalDateTime { date, time }, t, frac, time_start))
}

/// The rules to parse a local date and time string (2.3.5.5).
pub fn parse_local_date_time(input: &str) -> Result<LocalDateTime, Error> {
    local_date_time_steps(input).map(|(v, ..)| v)
}
from_str_via!(LocalDateTime, parse_local_date_time);

/// Whether `input` is a valid local date and time string.
pub fn is_valid_local_date_time(input: &str) -> bool {
    matches!(local_date_time_steps(input), Ok((_, _, n, _)) if n <= 3)
}

/// Whether `input` is a valid normalized local date and time string: `T` separator and the
/// shortest possible time.
///
/// ```
/// use websyntax_microsyntax::dates::is_valid_normalized_local_date_time;
/// assert!(is_valid_normalized_local_date_time("2011-11-18T14:54"));
/// assert!(!is_valid_normalized_local_date_time("2011-11-18T14:54:00"));
/// assert!(!is_valid_normalized_local_date_time("2011-11-18 14:54"));
/// ```
pub fn is_valid_normalized_local_date_time(input: &str) -> bool {
    match local_date_time_steps(input) {
        Ok((v, true, n, at)) if n <= 3 => input.get(at..) == Some(v.time.to_string().as_str()),
        _ => false,
    }
}

// ----- 2.3.5.6 Time zones ----------------------------------------------------------------------

/// A time-zone offset from UTC, -23:59 to +23:59. Serializes as `Z` for zero, else `±HH:MM`.
///
/// ```
/// use websyntax_microsyntax::dates::TimeZoneOffset;
/// let z: TimeZoneOffset = "-0430".parse().unwrap();
/// assert_eq!(z.minutes(), -270);
/// assert_eq!(z.to_string(), "-04:30");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TimeZoneOffset {
    minutes: i16,
}

impl TimeZoneOffset {
    /// UTC.
    pub const UTC: TimeZoneOffset = TimeZoneOffset { minutes: 0 };
    /// An offset of `minutes` (−1439..=1439), or `None` when out of range.
    pub fn from_minutes(minutes: i16) -> Option<Self> {
        (-1439..=1439)
            .contains(&minutes)
            .then_some(TimeZoneOffset { minutes })
    }
    /// The offset in minutes (east of UTC positive).
    pub fn minutes(&self) -> i16 {
        self.minutes
    }
}

impl fmt::Display for TimeZoneOffset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.minutes == 0 {
            return f.write_str("Z");
        }
        let sign = if self.minutes < 0 { '-' } else { '+' };
        let m = self.minutes.unsigned_abs();
        write!(f, "{sign}{:02}:{:02}", m / 60, m % 60)
    }
}

/// The rules to parse a time-zone offset string (2.3.5.6).
pub fn parse_time_zone_offset(input: &str) -> Result<TimeZoneOffset, Error> {
    let mut c = Cursor::new(input);
    let z = time_zone_component(&mut c)?;
    end(&c)?;
    Ok(z)
}
from_str_via!(TimeZoneOffset, parse_time_zone_offset);

/// Whether `input` is a valid time-zone offset string (`Z`, or a sign, two-digit hours 0-23, an
/// optional `:` and two-digit minutes 0-59).
pub fn is_valid_time_zone_offset(input: &str) -> bool {
    parse_time_zone_offset(input).is_ok()
}

// ----- 2.3.5.7 Global dates and times ----------------------------------------------------------

/// A global date and time: a local date and time plus the offset it was given in.
///
/// `Display` writes the date, `T`, the shortest time and the offset (`Z` or `±HH:MM`), which
/// round-trips exactly; [`GlobalDateTime::to_utc`] gives the moment normalized to UTC, whose
/// `Display` is the valid normalized forced-UTC string (`...Z`).
///
/// ```
/// use websyntax_microsyntax::dates::GlobalDateTime;
/// let g: GlobalDateTime = "0037-12-13 00:00Z".parse().unwrap();
/// assert_eq!(g.to_string(), "0037-12-13T00:00Z");
/// let g: GlobalDateTime = "8592-01-01T02:09+02:09".parse().unwrap();
/// assert_eq!(g.to_utc().unwrap().to_string(), "8592-01-01T00:00Z");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct GlobalDateTime {
    /// The date and time as written (local to `offset`).
    pub local: LocalDateTime,
    /// The time-zone offset.
    pub offset: TimeZoneOffset,
}

impl GlobalDateTime {
    /// The same moment in UTC (offset zero).
    ///
    /// Errors with [`ErrorKind::OutOfRange`] (offset 0) when the UTC date falls before year 1
    /// or after year `u32::MAX` (e.g. `0001-01-01T00:00+01:00`).
    pub fn to_utc(&self) -> Result<GlobalDateTime, Error> {
        // 9. The moment at the given fields minus the offset.
        let minutes = self.local.date.days_since_epoch() * 1440 + self.local.time.minutes_of_day()
            - i64::from(self.offset.minutes);
        let days = minutes.div_euclid(1440);
        let mod_minutes = minutes.rem_euclid(1440);
        let date = Date::from_days_since_epoch(days)
            .ok_or(Error::new(ErrorKind::OutOfRange { field: "year" }, 0))?;
        let time = Time {
            hour: (mod_minutes / 60) as u8,
            minute: (mod_minutes % 60) as u8,
            ..self.local.time
        };
        Ok(GlobalDateTime {
            local: LocalDateTime { date, time },
            offset: TimeZoneOffset::UTC,
        })
    }
}

impl fmt::Display for GlobalDateTime {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.local, self.offset)
    }
}

fn global_date_time_steps(input: &str) -> Result<(GlobalDateTime, usize), Error> {
    let mut c = Cursor::new(input);
    // 3. Date component. 4. "T" or space.
    let date = date_component(&mut c)?;
    date_time_separator(&mut c)?;
    // 5. Time component. 6. Past the end: fail.
    let (time, frac) = time_component(&mut c)?;
    if c.at_end() {
        return err(ErrorKind::ExpectedOneOf("a time-zone offset"), c.pos);
    }
    // 7. Time-zone offset component. 8. End.
    let offset = time_zone_component(&mut c)?;
    end(&c)?;
    // 9-11. Time and time-zone.
    Ok((
        GlobalDateTime {
            local: LocalDateTime { date, time },
            offset,
        },
        frac,
    ))
}

/// The rules to parse a global date and time string (2.3.5.7).
pub fn parse_global_date_time(input: &str) -> Result<GlobalDateTime, Error> {
    global_date_time_steps(input).map(|(v, _)| v)
}
from_str_via!(GlobalDateTime, parse_global_date_time);

/// Whether `input` is a valid global date and time string.
pub fn is_valid_global_date_time(input: &str) -> bool {
    matches!(global_date_time_steps(input), Ok((_, n)) if n <= 3)
}

// ----- 2.3.5.8 Weeks ---------------------------------------------------------------------------

/// A week: week-numbering year (≥ 1) and week (1-52 or 53). Serializes as `YYYY-Www`.
///
/// ```
/// use websyntax_microsyntax::dates::Week;
/// assert_eq!(Week::new(2015, 53).unwrap().to_string(), "2015-W53");
/// assert!(Week::new(2014, 53).is_none());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Week {
    year: u32,
    week: u8,
}

impl Week {
    /// A week, or `None` when out of range.
    pub fn new(year: u32, week: u8) -> Option<Self> {
        (year >= 1 && week >= 1 && week <= weeks_in_year(year)).then_some(Week { year, week })
    }
    /// The week-numbering year.
    pub fn year(&self) -> u32 {
        self.year
    }
    /// The week number.
    pub fn week(&self) -> u8 {
        self.week
    }
}

impl fmt::Display for Week {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-W{:02}", self.year, self.week)
    }
}

/// The rules to parse a week string (2.3.5.8).
pub fn parse_week(input: &str) -> Result<Week, Error> {
    let mut c = Cursor::new(input);
    // 3-4. Year.
    let y = year(&mut c)?;
    // 5. "-". 6. "W".
    expect(&mut c, b'-')?;
    expect(&mut c, b'W')?;
    // 7. Two digits. 8-9. 1 ≤ week ≤ maxweek.
    let at = c.pos;
    let w = two_digits(&mut c, "week")?;
    if w < 1 || w > weeks_in_year(y) {
        return err(ErrorKind::OutOfRange { field: "week" }, at);
    }
    // 10. End.
    end(&c)?;
    Ok(Week { year: y, week: w })
}
from_str_via!(Week, parse_week);

/// Whether `input` is a valid week string.
pub fn is_valid_week(input: &str) -> bool {
    parse_week(input).is_ok()
}

// ----- 2.3.5.9 Durations -----------------------------------------------------------------------

/// A duration: a number of seconds (nanosecond precision, at most `u64::MAX` seconds).
///
/// Serializes as the ISO-8601-like valid duration string `P[nD][T[nH][nM][n[.f]S]]` (`PT0S` for
/// zero); a duration with sub-millisecond precision prints up to nine fraction digits, which is
/// not a valid duration string.
///
/// ```
/// use websyntax_microsyntax::dates::Duration;
/// let d: Duration = "1h 30m".parse().unwrap();
/// assert_eq!(d.seconds(), 5400);
/// assert_eq!(d.to_string(), "PT1H30M");
/// assert_eq!("P1DT0.5S".parse::<Duration>().unwrap().as_secs_f64(), 86400.5);
/// assert!("P1M".parse::<Duration>().is_err()); // months are not allowed
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Duration {
    seconds: u64,
    nanos: u32,
}

impl Duration {
    /// A duration of `seconds` plus `nanos` (< 10^9) nanoseconds.
    pub fn new(seconds: u64, nanos: u32) -> Option<Self> {
        (nanos < 1_000_000_000).then_some(Duration { seconds, nanos })
    }
    /// Whole seconds.
    pub fn seconds(&self) -> u64 {
        self.seconds
    }
    /// Sub-second part in nanoseconds.
    pub fn nanos(&self) -> u32 {
        self.nanos
    }
    /// The number of seconds as an `f64` (rounded).
    pub fn as_secs_f64(&self) -> f64 {
        self.seconds as f64 + f64::from(self.nanos) / 1e9
    }
}

impl fmt::Display for Duration {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let days = self.seconds / 86400;
        let rem = self.seconds % 86400;
        let (h, m, s) = (rem / 3600, rem / 60 % 60, rem % 60);
        f.write_str("P")?;
        if days > 0 {
            write!(f, "{days}D")?;
        }
        if h == 0 && m == 0 && s == 0 && self.nanos == 0 {
            if days == 0 {
                f.write_str("T0S")?;
            }
            return Ok(());
        }
        f.write_str("T")?;
        if h > 0 {
            write!(f, "{h}H")?;
        }
        if m > 0 {
            write!(f, "{m}M")?;
        }
        if s > 0 || self.nanos > 0 {
            write!(f, "{s}")?;
            if self.nanos > 0 {
                let frac = format!("{:09}", self.nanos);
                write!(f, ".{}", frac.trim_end_matches('0'))?;
            }
            f.write_str("S")?;
        }
        Ok(())
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Units {
    Years,
    Months,
    Weeks,
    Days,
    Hours,
    Minutes,
    Seconds,
}

/// The rules to parse a duration string (2.3.5.9): ISO-like (`P1DT2H`) and informal (`1h 2m`)
/// forms alike. Months or years (non-zero) are [`ErrorKind::Months`].
pub fn parse_duration(input: &str) -> Result<Duration, Error> {
    let overflow = |at| Error::new(ErrorKind::Overflow, at);
    // 1-3. input, position, months (only whether non-zero matters), seconds, component count.
    let mut c = Cursor::new(input);
    let mut months_at: Option<usize> = None;
    let mut seconds: u64 = 0;
    let mut nanos: u64 = 0;
    let mut component_count = 0u32;
    // 4. M-disambiguator = minutes (true = months).
    let mut m_months = false;
    // 5. Skip whitespace. 6. Past the end: fail.
    c.skip_whitespace();
    if c.at_end() {
        return err(ErrorKind::Empty, c.pos);
    }
    // 7. "P": M-disambiguator = months.
    if c.eat(b'P') {
        m_months = true;
        c.skip_whitespace();
    }
    // 8. While true:
    loop {
        // 8.3 Past the end: break.
        if c.at_end() {
            break;
        }
        // 8.4 "T": M-disambiguator = minutes; continue.
        if c.eat(b'T') {
            m_months = false;
            c.skip_whitespace();
            continue;
        }
        // 8.5-8.6 N: "." (N = 0, don't advance) or digits; else fail.
        let number_at = c.pos;
        let mut n_int: u64 = 0;
        let mut n_nanos: u64 = 0;
        match c.peek() {
            Some(b'.') => {}
            Some(b) if b.is_ascii_digit() => {
                let d = c.digits();
                n_int = digits_to_u64(d).ok_or(overflow(number_at))?;
            }
            _ => return err(ErrorKind::ExpectedDigit, c.pos),
        }
        // 8.7 Past the end: fail.
        if c.at_end() {
            return err(ErrorKind::InvalidUnit, c.pos);
        }
        // 8.8 next character; advance.
        let mut next = c.peek();
        c.advance();
        let units;
        if next == Some(b'.') {
            // 8.9 Fraction: digits (at least one), skip whitespace, "S"/"s": seconds.
            let at = c.pos;
            let s = c.digits();
            if s.is_empty() {
                return err(ErrorKind::ExpectedDigit, at);
            }
            n_nanos = u64::from(fraction_to_nanos(s));
            c.skip_whitespace();
            if c.at_end() {
                return err(ErrorKind::InvalidUnit, c.pos);
            }
            let at = c.pos;
            next = c.peek();
            c.advance();
            if !matches!(next, Some(b'S' | b's')) {
                return err(ErrorKind::Expected('S'), at);
            }
            units = Units::Seconds;
        } else {
            // 8.9 Otherwise: whitespace before the unit is skipped.
            let mut at = c.pos.saturating_sub(1);
            if next.is_some_and(is_ascii_whitespace) {
                c.skip_whitespace();
                at = c.pos;
                next = c.peek();
                c.advance();
            }
            units = match next {
                Some(b'Y' | b'y') => {
                    m_months = true;
                    Units::Years
                }
                Some(b'M' | b'm') if m_months => Units::Months,
                Some(b'W' | b'w') => {
                    m_months = false;
                    Units::Weeks
                }
                Some(b'D' | b'd') => {
                    m_months = false;
                    Units::Days
                }
                Some(b'H' | b'h') => {
                    m_months = false;
                    Units::Hours
                }
                Some(b'M' | b'm') => Units::Minutes,
                Some(b'S' | b's') => {
                    m_months = false;
                    Units::Seconds
                }
                _ => return err(ErrorKind::InvalidUnit, at),
            };
        }
        // 8.10 Increment component count. 8.11-8.13 Scale and add.
        component_count += 1;
        let multiplier: u64 = match units {
            Units::Years | Units::Months => {
                if n_int != 0 || n_nanos != 0 {
                    months_at.get_or_insert(number_at);
                }
                0
            }
            Units::Weeks => 604_800,
            Units::Days => 86_400,
            Units::Hours => 3_600,
            Units::Minutes => 60,
            Units::Seconds => 1,
        };
        if multiplier != 0 {
            let total_nanos = n_nanos * multiplier; // < 10^9 × 604800, fits
            let whole = n_int
                .checked_mul(multiplier)
                .and_then(|v| v.checked_add(total_nanos / 1_000_000_000))
                .ok_or(overflow(number_at))?;
            seconds = seconds.checked_add(whole).ok_or(overflow(number_at))?;
            nanos += total_nanos % 1_000_000_000;
            if nanos >= 1_000_000_000 {
                nanos -= 1_000_000_000;
                seconds = seconds.checked_add(1).ok_or(overflow(number_at))?;
            }
        }
        // 8.14 Skip whitespace.
        c.skip_whitespace();
    }
    // 9. No component: fail. 10. Months: fail.
    if component_count == 0 {
        return err(ErrorKind::NoComponent, c.pos);
    }
    if let Some(at) = months_at {
        return err(ErrorKind::Months, at);
    }
    // 11. The duration.
    Ok(Duration {
        seconds,
        nanos: nanos as u32,
    })
}
from_str_via!(Duration, parse_duration);

/// One or more ASCII digits from `i`; returns the index after them.
fn digits_from(b: &[u8], i: usize) -> Option<usize> {
    let mut j = i;
    while b.get(j).is_some_and(u8::is_ascii_digit) {
        j += 1;
    }
    (j > i).then_some(j)
}

/// The ISO-8601-like valid duration string: `P`, then `nD` and/or `T` with `nH`, `nM`,
/// `n[.d{1,3}]S` (at least one, in that order).
fn is_valid_iso_duration(b: &[u8]) -> bool {
    if b.first() != Some(&b'P') {
        return false;
    }
    let mut i = 1;
    let mut any = false;
    // Days.
    if let Some(j) = digits_from(b, i)
        && b.get(j) == Some(&b'D')
    {
        i = j + 1;
        any = true;
    }
    if b.get(i) == Some(&b'T') {
        i += 1;
        let mut any_time = false;
        for unit in [b'H', b'M'] {
            if let Some(j) = digits_from(b, i)
                && b.get(j) == Some(&unit)
            {
                i = j + 1;
                any_time = true;
            }
        }
        if let Some(mut j) = digits_from(b, i) {
            if b.get(j) == Some(&b'.') {
                match digits_from(b, j + 1) {
                    Some(k) if k - (j + 1) <= 3 => j = k,
                    _ => return false,
                }
            }
            if b.get(j) == Some(&b'S') {
                i = j + 1;
                any_time = true;
            }
        }
        if !any_time {
            return false;
        }
        any = true;
    }
    any && i == b.len()
}

/// The informal valid duration string: duration time components (`ws* digits [.d{1,3} if
/// seconds] ws* unit ws*`), each scale at most once, any order.
fn is_valid_informal_duration(b: &[u8]) -> bool {
    let mut i = 0;
    let mut seen = [false; 5];
    let mut count = 0;
    let ws = |b: &[u8], mut i: usize| {
        while b.get(i).is_some_and(|&c| is_ascii_whitespace(c)) {
            i += 1;
        }
        i
    };
    while i < b.len() {
        i = ws(b, i);
        if i == b.len() && count > 0 {
            break;
        }
        let Some(mut j) = digits_from(b, i) else {
            return false;
        };
        let mut fraction = false;
        if b.get(j) == Some(&b'.') {
            match digits_from(b, j + 1) {
                Some(k) if k - (j + 1) <= 3 => {
                    j = k;
                    fraction = true;
                }
                _ => return false,
            }
        }
        j = ws(b, j);
        let scale = match b.get(j) {
            Some(b'W' | b'w') => 0,
            Some(b'D' | b'd') => 1,
            Some(b'H' | b'h') => 2,
            Some(b'M' | b'm') => 3,
            Some(b'S' | b's') => 4,
            _ => return false,
        };
        if seen[scale] || (fraction && scale != 4) {
            return false;
        }
        seen[scale] = true;
        count += 1;
        i = ws(b, j + 1);
    }
    count > 0
}

/// Whether `input` is a valid duration string (either form).
///
/// ```
/// use websyntax_microsyntax::dates::is_valid_duration;
/// assert!(is_valid_duration("PT4H18M3S"));
/// assert!(is_valid_duration("4h 18m 3s"));
/// assert!(!is_valid_duration("P1Y"));
/// assert!(!is_valid_duration("1h 2h"));
/// ```
pub fn is_valid_duration(input: &str) -> bool {
    let b = input.as_bytes();
    is_valid_iso_duration(b) || is_valid_informal_duration(b)
}

// ----- 2.3.5.10 Vaguer moments in time ---------------------------------------------------------

/// What the rules to parse a date or time string return.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DateOrTime {
    /// A date alone.
    Date(Date),
    /// A time alone.
    Time(Time),
    /// A global date and time.
    GlobalDateTime(GlobalDateTime),
}

impl fmt::Display for DateOrTime {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DateOrTime::Date(d) => d.fmt(f),
            DateOrTime::Time(t) => t.fmt(f),
            DateOrTime::GlobalDateTime(g) => g.fmt(f),
        }
    }
}

fn date_or_time_steps(input: &str) -> Result<(DateOrTime, usize), Error> {
    // 1-3. input, position, start position.
    let mut c = Cursor::new(input);
    let start = c.pos;
    // 4-5. date present / time present; date component.
    let date = date_component(&mut c).ok();
    let mut time_present = true;
    // 6. "T"/space after a date; no separator: no time; no date: back to the start.
    if date.is_some() {
        if !(c.eat(b'T') || c.eat(b' ')) {
            time_present = false;
        }
    } else {
        c.pos = start;
    }
    // 7. Time component.
    let mut time = None;
    let mut frac = 0;
    if time_present {
        let (t, n) = time_component(&mut c)?;
        time = Some(t);
        frac = n;
    }
    // 8-9. Date and time: a time-zone offset must follow.
    let mut offset = None;
    if date.is_some() && time_present {
        if c.at_end() {
            return err(ErrorKind::ExpectedOneOf("a time-zone offset"), c.pos);
        }
        offset = Some(time_zone_component(&mut c)?);
    }
    // 10. End.
    end(&c)?;
    // 11. Date, time, or global date and time.
    let v = match (date, time, offset) {
        (Some(d), None, _) => DateOrTime::Date(d),
        (None, Some(t), _) => DateOrTime::Time(t),
        (Some(date), Some(time), Some(offset)) => DateOrTime::GlobalDateTime(GlobalDateTime {
            local: LocalDateTime { date, time },
            offset,
        }),
        _ => return err(ErrorKind::Empty, 0),
    };
    Ok((v, frac))
}

/// The rules to parse a date or time string (2.3.5.10).
///
/// ```
/// use websyntax_microsyntax::dates::{parse_date_or_time, DateOrTime};
/// assert!(matches!(parse_date_or_time("2011-11-12"), Ok(DateOrTime::Date(_))));
/// assert!(matches!(parse_date_or_time("14:54"), Ok(DateOrTime::Time(_))));
/// assert!(matches!(parse_date_or_time("2011-11-12T14:54Z"), Ok(DateOrTime::GlobalDateTime(_))));
/// assert!(parse_date_or_time("2011-11-12T14:54").is_err());
/// ```
pub fn parse_date_or_time(input: &str) -> Result<DateOrTime, Error> {
    date_or_time_steps(input).map(|(v, _)| v)
}
from_str_via!(DateOrTime, parse_date_or_time);

/// Whether `input` is a valid date string with optional time: a valid date string or a valid
/// global date and time string.
pub fn is_valid_date_string_with_optional_time(input: &str) -> bool {
    is_valid_date(input) || is_valid_global_date_time(input)
}
