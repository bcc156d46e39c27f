//! §4.7 Origin (with the HTML Standard's serialization of an origin).

use std::fmt;
use std::sync::atomic::{AtomicU64, Ordering};

use crate::host::Host;
use crate::url::{SchemeType, Url};

/// An origin: a tuple (scheme, host, port) or an opaque origin.
///
/// Each opaque origin is new and equal only to itself (and its clones).
///
/// ```
/// use websyntax_url::Url;
/// let a = Url::parse("https://example.com:8443/x", None).unwrap().origin();
/// assert_eq!(a.to_string(), "https://example.com:8443");
/// let blob = Url::parse("blob:https://whatwg.org/d0360e2f", None).unwrap().origin();
/// assert_eq!(blob.to_string(), "https://whatwg.org");
/// let opaque = Url::parse("data:,x", None).unwrap().origin();
/// assert_eq!(opaque.to_string(), "null");
/// assert_ne!(opaque, Url::parse("data:,x", None).unwrap().origin());
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Origin {
    /// An opaque origin, with an identity.
    Opaque(OpaqueOrigin),
    /// A tuple origin (scheme, host, port); the domain component is always null here.
    Tuple(String, Host<String>, Option<u16>),
}

/// The identity of an opaque origin.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct OpaqueOrigin(u64);

static NEXT_OPAQUE: AtomicU64 = AtomicU64::new(0);

impl Origin {
    /// A new opaque origin.
    pub fn new_opaque() -> Origin {
        Origin::Opaque(OpaqueOrigin(NEXT_OPAQUE.fetch_add(1, Ordering::Relaxed)))
    }

    /// Whether this is a tuple origin.
    pub fn is_tuple(&self) -> bool {
        matches!(self, Origin::Tuple(..))
    }

    /// The serialization of an origin (HTML): `scheme://host[:port]`, or `null`.
    pub fn ascii_serialization(&self) -> String {
        self.to_string()
    }
}

impl fmt::Display for Origin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Origin::Opaque(_) => f.write_str("null"),
            Origin::Tuple(scheme, host, port) => {
                write!(f, "{scheme}://{host}")?;
                if let Some(p) = port {
                    write!(f, ":{p}")?;
                }
                Ok(())
            }
        }
    }
}

/// §4.7 the origin of a URL.
pub(crate) fn url_origin(url: &Url) -> Origin {
    match url.scheme_type {
        SchemeType::Ftp
        | SchemeType::Http
        | SchemeType::Https
        | SchemeType::Ws
        | SchemeType::Wss => match url.host() {
            Some(host) => Origin::Tuple(url.scheme().to_owned(), host.to_owned(), url.port()),
            None => Origin::new_opaque(),
        },
        SchemeType::Other if url.scheme() == "blob" => {
            // No blob URL store here: the blob URL entry is null.
            match Url::parse(url.pathname(), None) {
                Ok(path_url)
                    if matches!(
                        path_url.scheme_type,
                        SchemeType::Http | SchemeType::Https | SchemeType::File
                    ) =>
                {
                    url_origin(&path_url)
                }
                _ => Origin::new_opaque(),
            }
        }
        // file: "left as an exercise to the reader"; when in doubt, a new opaque origin.
        _ => Origin::new_opaque(),
    }
}
