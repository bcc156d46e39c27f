//! gzip-compressed data (RFC 1952), recognised by its magic bytes rather than by a file name.

use std::io::Read;

/// Whether `bytes` start like a gzip member: ID1 `1F`, ID2 `8B` (RFC 1952 §2.3.1), and
/// compression method 8 (deflate, the only one defined) when that byte is there.
pub fn is_gzip(bytes: &[u8]) -> bool {
    bytes.starts_with(b"\x1F\x8B") && bytes.get(2).is_none_or(|&cm| cm == 8)
}

/// Decompresses every member of `bytes` (as `gzip -d` does), up to `max` bytes of output.
/// `Err` when the data is corrupt or truncated, or the output would exceed `max`.
pub fn decompress(bytes: &[u8], max: usize) -> Result<Vec<u8>, crate::Error> {
    let mut out = Vec::new();
    flate2::read::MultiGzDecoder::new(bytes)
        .take(max as u64 + 1)
        .read_to_end(&mut out)?;
    if out.len() > max {
        return Err(crate::Error::TooLarge {
            url: None,
            limit: max,
        });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    fn gz(data: &[u8]) -> Vec<u8> {
        let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
        e.write_all(data).unwrap();
        e.finish().unwrap()
    }

    #[test]
    fn members_are_concatenated_and_limits_hold() {
        let mut two = gz(b"<p>one");
        two.extend(gz(b"<p>two"));
        assert!(is_gzip(&two));
        assert!(!is_gzip(b"\x1F\x8B\x07"));
        assert!(!is_gzip(b"<p>"));
        assert_eq!(decompress(&two, 100).unwrap(), b"<p>one<p>two");
        assert!(matches!(
            decompress(&two, 5),
            Err(crate::Error::TooLarge { .. })
        ));
        let cut = &two[..two.len() / 3];
        assert!(decompress(cut, 100).is_err());
    }
}
