//! Property tests: for every type with a serialization, `parse(serialize(v)) == v`, and every
//! serialization is "valid" (the spec's authoring definition). Plus: no parser panics.

use proptest::prelude::*;
use websyntax_microsyntax::colours::*;
use websyntax_microsyntax::dates::*;
use websyntax_microsyntax::numbers::*;

fn month() -> impl Strategy<Value = Month> {
    (1u32..=u32::MAX, 1u8..=12).prop_map(|(y, m)| Month::new(y, m).expect("in range"))
}

fn date() -> impl Strategy<Value = Date> {
    (1u32..=u32::MAX, 1u8..=12, 1u8..=31)
        .prop_map(|(y, m, d)| Date::new(y, m, d.min(days_in_month(y, m))).expect("in range"))
}

/// Times with millisecond precision (what a valid time string can express).
fn time() -> impl Strategy<Value = Time> {
    (0u8..24, 0u8..60, 0u8..60, 0u32..1000, any::<bool>()).prop_map(|(h, m, s, ms, whole)| {
        let (s, ms) = if whole { (s, 0) } else { (s, ms) };
        Time::new(h, m, s, ms * 1_000_000).expect("in range")
    })
}

fn offset() -> impl Strategy<Value = TimeZoneOffset> {
    (-1439i16..=1439).prop_map(|m| TimeZoneOffset::from_minutes(m).expect("in range"))
}

fn global() -> impl Strategy<Value = GlobalDateTime> {
    (date(), time(), offset()).prop_map(|(date, time, offset)| GlobalDateTime {
        local: LocalDateTime { date, time },
        offset,
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn integers_round_trip(v in any::<i64>()) {
        let s = v.to_string();
        prop_assert!(is_valid_integer(&s));
        prop_assert_eq!(parse_integer(&s), Ok(v));
    }

    #[test]
    fn non_negative_integers_round_trip(v in any::<u64>()) {
        let s = v.to_string();
        prop_assert!(is_valid_non_negative_integer(&s));
        prop_assert_eq!(parse_non_negative_integer(&s), Ok(v));
    }

    #[test]
    fn floats_round_trip(bits in any::<u64>()) {
        let v = f64::from_bits(bits);
        prop_assume!(v.is_finite() && !(v == 0.0 && v.is_sign_negative()));
        let s = best_representation(v);
        prop_assert!(is_valid_float(&s), "{}", s);
        prop_assert_eq!(parse_float(&s).map(f64::to_bits), Ok(v.to_bits()), "{}", s);
    }

    #[test]
    fn float_lists_round_trip(v in proptest::collection::vec(-1e300f64..1e300, 0..8)) {
        let v: Vec<f64> = v.into_iter().map(|x| if x == 0.0 { 0.0 } else { x }).collect();
        let s = v.iter().map(|x| best_representation(*x)).collect::<Vec<_>>().join(",");
        prop_assert!(is_valid_float_list(&s), "{}", s);
        prop_assert_eq!(parse_float_list(&s), v);
    }

    #[test]
    fn months_round_trip(v in month()) {
        let s = v.to_string();
        prop_assert!(is_valid_month(&s));
        prop_assert_eq!(s.parse::<Month>(), Ok(v));
    }

    #[test]
    fn dates_round_trip(v in date()) {
        let s = v.to_string();
        prop_assert!(is_valid_date(&s));
        prop_assert!(is_valid_date_string_with_optional_time(&s));
        prop_assert_eq!(s.parse::<Date>(), Ok(v));
        prop_assert_eq!(s.parse::<DateOrTime>(), Ok(DateOrTime::Date(v)));
    }

    #[test]
    fn yearless_dates_round_trip(m in 1u8..=12, d in 1u8..=31) {
        let v = YearlessDate::new(m, d.min(days_in_month(2000, m))).expect("in range");
        let s = v.to_string();
        prop_assert!(is_valid_yearless_date(&s));
        prop_assert_eq!(s.parse::<YearlessDate>(), Ok(v));
    }

    #[test]
    fn times_round_trip(v in time()) {
        let s = v.to_string();
        prop_assert!(is_valid_time(&s), "{}", s);
        prop_assert_eq!(s.parse::<Time>(), Ok(v));
        prop_assert_eq!(s.parse::<DateOrTime>(), Ok(DateOrTime::Time(v)));
    }

    #[test]
    fn local_date_times_round_trip(date in date(), time in time()) {
        let v = LocalDateTime { date, time };
        let s = v.to_string();
        prop_assert!(is_valid_local_date_time(&s));
        prop_assert!(is_valid_normalized_local_date_time(&s), "{}", s);
        prop_assert_eq!(s.parse::<LocalDateTime>(), Ok(v));
    }

    #[test]
    fn time_zones_round_trip(v in offset()) {
        let s = v.to_string();
        prop_assert!(is_valid_time_zone_offset(&s));
        prop_assert_eq!(s.parse::<TimeZoneOffset>(), Ok(v));
    }

    #[test]
    fn global_date_times_round_trip(v in global()) {
        let s = v.to_string();
        prop_assert!(is_valid_global_date_time(&s), "{}", s);
        prop_assert!(is_valid_date_string_with_optional_time(&s));
        prop_assert_eq!(s.parse::<GlobalDateTime>(), Ok(v));
        prop_assert_eq!(s.parse::<DateOrTime>(), Ok(DateOrTime::GlobalDateTime(v)));
        // The normalized forced-UTC form: valid, and the same moment.
        if let Ok(utc) = v.to_utc() {
            let u = utc.to_string();
            prop_assert!(u.ends_with('Z'));
            prop_assert!(is_valid_global_date_time(&u), "{}", u);
            prop_assert_eq!(u.parse::<GlobalDateTime>().and_then(|g| g.to_utc()), Ok(utc));
        }
    }

    #[test]
    fn weeks_round_trip(y in 1u32..=u32::MAX, w in 1u8..=53) {
        let v = Week::new(y, w.min(weeks_in_year(y))).expect("in range");
        let s = v.to_string();
        prop_assert!(is_valid_week(&s));
        prop_assert_eq!(s.parse::<Week>(), Ok(v));
    }

    #[test]
    fn durations_round_trip(secs in any::<u64>(), ms in 0u32..1000) {
        let v = Duration::new(secs, ms * 1_000_000).expect("in range");
        let s = v.to_string();
        prop_assert!(is_valid_duration(&s), "{}", s);
        prop_assert_eq!(s.parse::<Duration>(), Ok(v));
    }

    #[test]
    fn simple_colours_round_trip(r in any::<u8>(), g in any::<u8>(), b in any::<u8>()) {
        let v = SimpleColor::new(r, g, b);
        let s = v.to_string();
        prop_assert!(is_valid_lowercase_simple_color(&s));
        prop_assert_eq!(s.parse::<SimpleColor>(), Ok(v));
        prop_assert_eq!(parse_legacy_color(&s), Ok(v));
    }

    #[test]
    fn no_parser_panics(s in "\\PC{0,40}|[0-9.eE+\\-:TZPWDHMS# ,;%*]{0,40}") {
        let _ = parse_integer(&s);
        let _ = parse_float(&s);
        let _ = parse_dimension(&s);
        let _ = parse_float_list(&s);
        let _ = parse_dimension_list(&s);
        let _ = parse_date_or_time(&s);
        let _ = parse_local_date_time(&s);
        let _ = parse_week(&s);
        let _ = parse_duration(&s);
        let _ = is_valid_duration(&s);
        let _ = parse_yearless_date(&s);
        let _ = parse_legacy_color(&s);
    }
}
