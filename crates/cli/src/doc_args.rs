//! Flags shared by every subcommand that parses whole documents from bytes (`html parse`,
//! `select`, `links`, `text`, `check`): the transport charset, encoding autodetection, the
//! locale's default encoding and the scripting flag. Flatten [`DocumentArgs`] into a
//! subcommand's clap struct and call [`DocumentArgs::parser_options`] (or
//! [`DocumentArgs::parse`]).
//!
//! The command line differs from the library's defaults on purpose: the library's
//! `DocumentParserOptions::default()` is the spec's sniffing algorithm without the optional
//! autodetection step, while the command autodetects (step 8, chardetng, UTF-8 allowed as for
//! a local file) when no BOM, `--encoding`, or `<meta>` declares the encoding, as Firefox and
//! Chromium do for such pages. `--no-autodetect` restores the library's behaviour.

use websyntax::encoding::Encoding;
use websyntax::html::ParseOptions;
use websyntax::html::input_stream::{DocumentParserOptions, ParsedDocument, parse_document_bytes};
use websyntax::html::sniff::{Autodetect, default_encoding_for_locale};

/// `on` or `off`.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum OnOff {
    /// Enabled.
    On,
    /// Disabled.
    Off,
}

/// The document-parsing flags (see the module docs).
#[derive(clap::Args, Clone, Debug)]
pub struct DocumentArgs {
    /// The transport layer's charset label (as from HTTP Content-Type): the encoding, with
    /// confidence certain (a BOM still wins). An unknown label is a usage error (exit 2), as in
    /// `encoding decode`.
    #[arg(long, value_name = "LABEL", visible_alias = "transport")]
    pub encoding: Option<String>,
    /// Do not autodetect the encoding of a page that declares none (no BOM, no --encoding, no
    /// <meta>); use the default encoding instead (--locale / --default-encoding).
    #[arg(long)]
    pub no_autodetect: bool,
    /// The user's locale (BCP 47, e.g. `ja`, `ru`, `zh-TW`): picks the default encoding from
    /// the HTML Standard's table when nothing declares the encoding and autodetection is off or
    /// undecided. Default: windows-1252 ("all other locales").
    #[arg(long, value_name = "TAG")]
    pub locale: Option<String>,
    /// The default encoding (a label), instead of the locale's.
    #[arg(long, value_name = "LABEL", conflicts_with = "locale")]
    pub default_encoding: Option<String>,
    /// The scripting flag (`<noscript>` is raw text when on, as in browsers).
    #[arg(long, value_enum, default_value = "on")]
    pub scripting: OnOff,
}

impl DocumentArgs {
    /// The byte-stream parser's options for these flags. `Err` is a usage message (an unknown
    /// encoding label).
    pub fn parser_options(&self, collect_errors: bool) -> Result<DocumentParserOptions, String> {
        let mut o = DocumentParserOptions {
            parse: self.parse_options(collect_errors),
            ..DocumentParserOptions::default()
        };
        if let Some(label) = &self.encoding {
            Encoding::for_label(label)
                .ok_or_else(|| format!("--encoding: unknown encoding label {label:?}"))?;
            o.sniff.transport_charset = Some(label.clone());
        }
        if let Some(label) = &self.default_encoding {
            o.sniff.default_encoding = Encoding::for_label(label)
                .ok_or_else(|| format!("--default-encoding: unknown encoding label {label:?}"))?;
        } else if let Some(tag) = &self.locale {
            o.sniff.default_encoding = default_encoding_for_locale(tag);
        }
        if !self.no_autodetect {
            o.sniff.autodetect = Some(Autodetect {
                tld: None,
                allow_utf8: true,
            });
            // Autodetection sees the whole input (it is all in memory anyway).
            o.wait_for = usize::MAX;
        }
        Ok(o)
    }

    /// The tree builder's options: the scripting flag, and whether errors are collected.
    pub fn parse_options(&self, collect_errors: bool) -> ParseOptions {
        ParseOptions {
            scripting: self.scripting == OnOff::On,
            collect_errors,
            ..ParseOptions::default()
        }
    }

    /// Parses `bytes` as a document with these flags.
    pub fn parse(&self, bytes: &[u8], collect_errors: bool) -> Result<ParsedDocument, String> {
        Ok(parse_document_bytes(
            bytes,
            self.parser_options(collect_errors)?,
        ))
    }
}
