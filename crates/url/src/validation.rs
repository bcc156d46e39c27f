//! §1.1 Validation errors: every validation error the standard names, with its position.
//!
//! Validation errors are reported through an [`ErrorSink`]. The parser is generic over the sink;
//! with [`NoErrors`] (what [`Url::parse`](crate::Url::parse) uses) every report compiles to
//! nothing, so errors cost nothing when they are not asked for.

use std::fmt;

macro_rules! kinds {
    ($($(#[$doc:meta])* $variant:ident => $name:literal,)*) => {
        /// A validation error the URL Standard names (§1.1 and the algorithms that signal it).
        ///
        /// ```
        /// use websyntax_url::ValidationErrorKind;
        /// assert_eq!(ValidationErrorKind::InvalidUrlUnit.name(), "invalid-URL-unit");
        /// ```
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        #[non_exhaustive]
        pub enum ValidationErrorKind {
            $($(#[$doc])* $variant,)*
        }

        impl ValidationErrorKind {
            /// Every kind, in the order the standard lists them.
            pub const ALL: &'static [ValidationErrorKind] = &[$(ValidationErrorKind::$variant,)*];

            /// The name the standard gives this error, e.g. `"IPv4-empty-part"`.
            pub fn name(self) -> &'static str {
                match self {
                    $(ValidationErrorKind::$variant => $name,)*
                }
            }
        }
    };
}

kinds! {
    /// UTS #46 ToASCII failed, or gave the empty string.
    DomainToAscii => "domain-to-ASCII",
    /// UTS #46 ToUnicode reported an error.
    DomainToUnicode => "domain-to-Unicode",
    /// Living standard only: the host to be processed as a domain contains a percent-encoded
    /// byte (not a failure).
    DomainPercentEncoded => "domain-percent-encoded",
    /// The domain contains a forbidden domain code point.
    DomainInvalidCodePoint => "domain-invalid-code-point",
    /// An opaque host contains a forbidden host code point.
    HostInvalidCodePoint => "host-invalid-code-point",
    /// An IPv4 address ends with a U+002E (.).
    Ipv4EmptyPart => "IPv4-empty-part",
    /// An IPv4 address has more than four parts.
    Ipv4TooManyParts => "IPv4-too-many-parts",
    /// Living standard only: an IPv4 address has fewer than 4 parts (not a failure).
    Ipv4TooFewParts => "IPv4-too-few-parts",
    /// Living standard only: an IPv4 address is derived from a non-ASCII string through IDNA
    /// processing (not a failure).
    Ipv4NonAsciiInput => "IPv4-non-ASCII-input",
    /// An IPv4 address part is not numeric.
    Ipv4NonNumericPart => "IPv4-non-numeric-part",
    /// An IPv4 address part is written in hexadecimal or octal.
    Ipv4NonDecimalPart => "IPv4-non-decimal-part",
    /// An IPv4 address part exceeds 255.
    Ipv4OutOfRangePart => "IPv4-out-of-range-part",
    /// Living standard only: an IPv6 address piece contains a leading U+0030 (0) (not a
    /// failure).
    Ipv6PieceLeadingZero => "IPv6-piece-leading-zero",
    /// An IPv6 address lacks its closing U+005D (]).
    Ipv6Unclosed => "IPv6-unclosed",
    /// An IPv6 address begins with improper compression.
    Ipv6InvalidCompression => "IPv6-invalid-compression",
    /// An IPv6 address has more than 8 pieces.
    Ipv6TooManyPieces => "IPv6-too-many-pieces",
    /// An IPv6 address is compressed in more than one spot.
    Ipv6MultipleCompression => "IPv6-multiple-compression",
    /// An IPv6 address contains a code point that is neither a hex digit nor a separator.
    Ipv6InvalidCodePoint => "IPv6-invalid-code-point",
    /// An uncompressed IPv6 address has fewer than 8 pieces.
    Ipv6TooFewPieces => "IPv6-too-few-pieces",
    /// An IPv4-in-IPv6 address has too many pieces.
    Ipv4InIpv6TooManyPieces => "IPv4-in-IPv6-too-many-pieces",
    /// An IPv4 part of an IPv6 address is invalid.
    Ipv4InIpv6InvalidCodePoint => "IPv4-in-IPv6-invalid-code-point",
    /// An IPv4 part of an IPv6 address exceeds 255.
    Ipv4InIpv6OutOfRangePart => "IPv4-in-IPv6-out-of-range-part",
    /// An IPv4 part of an IPv6 address has fewer than 4 parts.
    Ipv4InIpv6TooFewParts => "IPv4-in-IPv6-too-few-parts",
    /// A code point that is not a URL unit (or a bad percent-encoding, or a stripped code point).
    InvalidUrlUnit => "invalid-URL-unit",
    /// A special scheme is not followed by `//`.
    SpecialSchemeMissingFollowingSolidus => "special-scheme-missing-following-solidus",
    /// The input lacks a scheme and the base is missing or has an opaque path.
    MissingSchemeNonRelativeUrl => "missing-scheme-non-relative-URL",
    /// A special URL uses U+005C (\) where U+002F (/) is meant.
    InvalidReverseSolidus => "invalid-reverse-solidus",
    /// The input includes credentials.
    InvalidCredentials => "invalid-credentials",
    /// The input has a special scheme but no host (or credentials without a host).
    HostMissing => "host-missing",
    /// The port is too big.
    PortOutOfRange => "port-out-of-range",
    /// The port is not made of ASCII digits.
    PortInvalid => "port-invalid",
    /// A relative `file:` URL starts with a Windows drive letter.
    FileInvalidWindowsDriveLetter => "file-invalid-Windows-drive-letter",
    /// A `file:` URL's host is a Windows drive letter.
    FileInvalidWindowsDriveLetterHost => "file-invalid-Windows-drive-letter-host",
}

impl ValidationErrorKind {
    /// Looks a kind up by its standard name.
    ///
    /// ```
    /// use websyntax_url::ValidationErrorKind;
    /// assert_eq!(ValidationErrorKind::from_name("port-invalid"), Some(ValidationErrorKind::PortInvalid));
    /// ```
    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL.iter().copied().find(|k| k.name() == name)
    }
}

impl fmt::Display for ValidationErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One validation error: its kind and the byte offset in the parsed input where it was met.
///
/// Positions are byte offsets into the string given to the parser (before stripping leading
/// and trailing C0 controls and spaces and removing tabs and newlines). Errors found inside a
/// host are reported at the start of the host.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ValidationError {
    /// Which error.
    pub kind: ValidationErrorKind,
    /// Byte offset into the input.
    pub position: usize,
}

impl fmt::Display for ValidationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} at byte {}", self.kind, self.position)
    }
}

/// Receives validation errors from the parser.
///
/// Implemented for `Vec<ValidationError>` (collects them) and [`NoErrors`] (drops them at no
/// cost: `ACTIVE` is false, so the parser skips the checks that only serve reporting).
pub trait ErrorSink {
    /// Whether reports are wanted at all.
    const ACTIVE: bool;
    /// Called once per validation error, in the order they are met.
    fn report(&mut self, error: ValidationError);
}

/// An [`ErrorSink`] that ignores everything.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoErrors;

impl ErrorSink for NoErrors {
    const ACTIVE: bool = false;
    #[inline(always)]
    fn report(&mut self, _error: ValidationError) {}
}

impl ErrorSink for Vec<ValidationError> {
    const ACTIVE: bool = true;
    fn report(&mut self, error: ValidationError) {
        self.push(error);
    }
}

/// Why a URL could not be parsed: the validation error that made the parser return failure.
///
/// ```
/// use websyntax_url::{Url, ValidationErrorKind};
/// let err = Url::parse("https://example.org:70000", None).unwrap_err();
/// assert_eq!(err.kind(), ValidationErrorKind::PortOutOfRange);
/// assert_eq!(err.to_string(), "URL parse failure: port-out-of-range at byte 20");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ParseError {
    pub(crate) error: ValidationError,
}

impl ParseError {
    pub(crate) fn new(kind: ValidationErrorKind, position: usize) -> Self {
        ParseError {
            error: ValidationError { kind, position },
        }
    }
    /// The validation error that caused the failure.
    pub fn kind(&self) -> ValidationErrorKind {
        self.error.kind
    }
    /// Byte offset in the input where it happened.
    pub fn position(&self) -> usize {
        self.error.position
    }
    /// The failing validation error.
    pub fn validation_error(&self) -> ValidationError {
        self.error
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "URL parse failure: {}", self.error)
    }
}

impl std::error::Error for ParseError {}
