#![no_main]
//! Runs every HTML microsyntax parser and validity check on arbitrary input, and checks that
//! every value that parses re-parses from its serialization (when that serialization is valid).
use libfuzzer_sys::fuzz_target;
use websyntax::microsyntax::{colours, dates, numbers, references, tokens};

fuzz_target!(|data: &[u8]| {
    let s = String::from_utf8_lossy(data);
    let s = s.as_ref();

    // Numbers.
    let _ = numbers::parse_integer(s);
    let _ = numbers::parse_integer_exact(s).map(|v| v.to_string());
    let _ = numbers::parse_non_negative_integer(s);
    let _ = numbers::is_valid_integer(s);
    let _ = numbers::is_valid_non_negative_integer(s);
    if let Ok(f) = numbers::parse_float(s) {
        assert!(f.is_finite());
        let repr = numbers::best_representation(f);
        assert_eq!(numbers::parse_float(&repr), Ok(f), "{repr}");
    }
    let _ = numbers::is_valid_float(s);
    let _ = numbers::parse_dimension(s);
    let _ = numbers::parse_nonzero_dimension(s);
    let _ = numbers::parse_float_list(s);
    let _ = numbers::is_valid_float_list(s);
    let _ = numbers::parse_dimension_list(s);

    // Dates and times: parse, serialize, re-parse.
    macro_rules! round_trip {
        ($parse:path, $valid:path) => {
            if let Ok(v) = $parse(s) {
                let text = v.to_string();
                if $valid(&text) {
                    assert_eq!($parse(&text), Ok(v), "{text}");
                }
            }
            let _ = $valid(s);
        };
    }
    round_trip!(dates::parse_month, dates::is_valid_month);
    round_trip!(dates::parse_date, dates::is_valid_date);
    round_trip!(dates::parse_yearless_date, dates::is_valid_yearless_date);
    round_trip!(dates::parse_time, dates::is_valid_time);
    round_trip!(dates::parse_local_date_time, dates::is_valid_local_date_time);
    round_trip!(dates::parse_time_zone_offset, dates::is_valid_time_zone_offset);
    round_trip!(dates::parse_global_date_time, dates::is_valid_global_date_time);
    round_trip!(dates::parse_week, dates::is_valid_week);
    round_trip!(dates::parse_duration, dates::is_valid_duration);
    round_trip!(dates::parse_date_or_time, dates::is_valid_date_string_with_optional_time);
    let _ = dates::is_valid_normalized_local_date_time(s);
    if let Ok(g) = dates::parse_global_date_time(s) {
        let _ = g.to_utc().map(|u| u.to_string());
    }

    // Colours.
    if let Ok(c) = colours::parse_simple_color(s) {
        assert!(colours::is_valid_lowercase_simple_color(&c.to_string()));
    }
    let _ = colours::parse_legacy_color(s);

    // Tokens and references.
    let _ = tokens::split_space_tokens(s);
    let _ = tokens::split_comma_tokens(s);
    let _ = tokens::is_unordered_unique_set(s, tokens::TokenComparison::AsciiCaseInsensitive);
    let _ = references::parse_hash_name_reference(s, |k| Some(k.len()));
});
