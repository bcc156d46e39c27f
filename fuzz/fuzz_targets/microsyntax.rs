#![no_main]
// Placeholder until the target's crate lands.
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let _ = data;
});
