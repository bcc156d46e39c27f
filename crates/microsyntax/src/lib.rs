//! HTML common microsyntaxes (HTML §2.3).
#![forbid(unsafe_code)]
