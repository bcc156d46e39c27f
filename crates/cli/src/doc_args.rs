//! Flags shared by every subcommand that parses whole documents from bytes (`html parse`,
//! `select`, `links`, `text`, `check`): the transport charset, encoding autodetection, the
//! locale's default encoding, the scripting flag and the resource limits. Flatten [`DocumentArgs`] into a
//! subcommand's clap struct and call [`DocumentArgs::parser_options`] (or
//! [`DocumentArgs::parse`]).
//!
//! The command line differs from the library's defaults on purpose: the library's
//! `DocumentParserOptions::default()` is the spec's sniffing algorithm without the optional
//! autodetection step, while the command autodetects (step 8, chardetng, UTF-8 allowed as for
//! a local file) when no BOM, `--encoding`, or `<meta>` declares the encoding, as Firefox and
//! Chromium do for such pages. `--no-autodetect` restores the library's behaviour.

use websyntax::encoding::Encoding;
use websyntax::html::input_stream::{DocumentParserOptions, ParsedDocument, parse_document_bytes};
use websyntax::html::sniff::default_encoding_for_locale;
use websyntax::html::{Document, ParseOptions, ResourceLimits};

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
    /// The most nodes a document may build, or `none`. Default: 64 Ki plus 16 per input
    /// byte (real pages build well under one node per byte; crafted markup can build a
    /// number of nodes that grows as the square of its size). The parser also clones at most
    /// 64 Ki plus one per 2 input bytes elements and attributes to reopen formatting
    /// elements (`none` lifts that limit too), which keeps its memory under 200 bytes per
    /// input byte. A document that reaches either is not processed: one error line on stderr,
    /// exit status 2, the other inputs go on.
    #[arg(long, value_name = "N|none")]
    pub max_nodes: Option<Limit>,
    /// The depth beyond which elements are placed as siblings instead of children, as
    /// Chromium's parser does, or `none` for the HTML Standard's tree at any depth. Default:
    /// 512, Chromium's limit. Nothing is dropped; a document flattened this way gets one
    /// warning line on stderr.
    #[arg(long, value_name = "N|none")]
    pub max_depth: Option<Limit>,
    /// Which standards to follow: `seed` (the HTML and URL Standards' text this version pins:
    /// HTML of 2024-08-26, URL of 2024-12-02, for reproducible output) or `living` (the WHATWG
    /// Living Standards as this version snapshots them: HTML of September 2026, URL of
    /// 2026-07-02; e.g. customizable `<select>`, as current browsers parse).
    #[arg(long, value_name = "seed|living", default_value = "seed")]
    pub standard: websyntax::html::Standard,
}

/// The ISO 639-1 language codes: with the HTML Standard's table of locales, the languages
/// `--locale` accepts.
const ISO_639_1: &str = "aa ab ae af ak am an ar as av ay az ba be bg bi bm bn bo br bs ca ce \
    ch co cr cs cu cv cy da de dv dz ee el en eo es et eu fa ff fi fj fo fr fy ga gd gl gn gu gv \
    ha he hi ho hr ht hu hy hz ia id ie ig ii ik io is it iu ja jv ka kg ki kj kk kl km kn ko kr \
    ks ku kv kw ky la lb lg li ln lo lt lu lv mg mh mi mk ml mn mr ms mt my na nb nd ne ng nl nn \
    no nr nv ny oc oj om or os pa pi pl ps pt qu rm rn ro ru rw sa sc sd se sg si sk sl sm sn so \
    sq sr ss st su sv sw ta te tg th ti tk tl tn to tr ts tt tw ty ug uk ur uz ve vi vo wa wo xh \
    yi yo za zh zu";

/// `--locale`: a BCP 47 tag (`_` accepted for `-`) whose language is an ISO 639-1 code or a
/// language of the HTML Standard's table (`sah`), with subtags of 1 to 8 letters or digits.
/// `Err` lists the valid values.
pub fn check_locale(tag: &str) -> Result<(), String> {
    let norm = tag.trim().replace('_', "-");
    let mut subtags = norm.split('-');
    let language = subtags.next().unwrap_or_default().to_ascii_lowercase();
    let known = ISO_639_1.split_ascii_whitespace().any(|c| c == language)
        || websyntax::html::sniff::LOCALE_DEFAULT_ENCODINGS
            .iter()
            .any(|(t, _)| t.eq_ignore_ascii_case(&language));
    let well_formed =
        subtags.all(|s| (1..=8).contains(&s.len()) && s.bytes().all(|b| b.is_ascii_alphanumeric()));
    if known && well_formed {
        return Ok(());
    }
    let table: Vec<&str> = websyntax::html::sniff::LOCALE_DEFAULT_ENCODINGS
        .iter()
        .map(|(t, _)| *t)
        .collect();
    Err(format!(
        "--locale {tag:?}: not a language tag of a known language; give a BCP 47 tag whose \
         language is an ISO 639-1 code (`en`, `pt-BR`). Locales with their own default \
         encoding: {}; every other language's is windows-1252",
        table.join(", ")
    ))
}

/// A resource limit on the command line: a number, or `none`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    /// At most this many.
    At(usize),
    /// No limit.
    None,
}

impl std::str::FromStr for Limit {
    type Err = String;
    fn from_str(s: &str) -> Result<Limit, String> {
        if s.eq_ignore_ascii_case("none") {
            return Ok(Limit::None);
        }
        s.parse::<usize>()
            .map(Limit::At)
            .map_err(|_| format!("expected a whole number or `none`, not {s:?}"))
    }
}

/// The default depth limit: Chromium's (`kMaximumHTMLParserDOMTreeDepth`).
pub const DEFAULT_MAX_DEPTH: usize = ResourceLimits::DEFAULT_MAX_DEPTH;

/// The resource limits of `--max-nodes` and `--max-depth` (`None`: the flag's default) for an
/// input of `len` bytes: [`ResourceLimits::for_input`] with the flags applied. The clone
/// budget goes with the node budget: `--max-nodes none` lifts both.
pub fn limits(max_nodes: Option<Limit>, max_depth: Option<Limit>, len: usize) -> ResourceLimits {
    let defaults = ResourceLimits::for_input(len);
    let pick = |flag: Option<Limit>, default: Option<usize>| match flag {
        None => default,
        Some(Limit::At(n)) => Some(n),
        Some(Limit::None) => None,
    };
    ResourceLimits {
        max_nodes: pick(max_nodes, defaults.max_nodes),
        max_tree_depth: pick(max_depth, defaults.max_tree_depth),
        max_clones: match max_nodes {
            Some(Limit::None) => None,
            _ => defaults.max_clones,
        },
        ..defaults
    }
}

/// The default node budget for an input of `len` bytes.
pub fn default_max_nodes(len: usize) -> usize {
    ResourceLimits::default_max_nodes(len)
}

impl DocumentArgs {
    /// The byte-stream parser's options for these flags. `Err` is a usage message (an unknown
    /// encoding label).
    pub fn parser_options(&self, collect_errors: bool) -> Result<DocumentParserOptions, String> {
        let mut o = DocumentParserOptions {
            parse: self.parse_options(collect_errors),
            ..DocumentParserOptions::default().autodetect(!self.no_autodetect)
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
            check_locale(tag)?;
            o.sniff.default_encoding = default_encoding_for_locale(tag);
        }
        Ok(o)
    }

    /// The tree builder's options: the scripting flag, whether errors are collected, and
    /// the depth limit. The node budget depends on the input: callers set
    /// `limits = self.limits_for(input.len())` once they have read it.
    pub fn parse_options(&self, collect_errors: bool) -> ParseOptions {
        ParseOptions {
            scripting: self.scripting == OnOff::On,
            collect_errors,
            limits: ResourceLimits {
                max_nodes: None,
                ..self.limits_for(0)
            },
            standard: self.standard,
            ..ParseOptions::default()
        }
    }

    /// The resource limits for an input of `len` bytes (see `--max-nodes`, `--max-depth`).
    pub fn limits_for(&self, len: usize) -> ResourceLimits {
        limits(self.max_nodes, self.max_depth, len)
    }

    /// Parses `bytes` as a document with these flags.
    pub fn parse(&self, bytes: &[u8], collect_errors: bool) -> Result<ParsedDocument, String> {
        let mut options = self.parser_options(collect_errors)?;
        options.parse.limits = self.limits_for(bytes.len());
        Ok(parse_document_bytes(bytes, options))
    }
}

/// How to lift the node and clone budgets, for the command's messages.
pub const LIFT_LIMITS: &str =
    "pass a larger --max-nodes, or --max-nodes none to build it whole (lifts the clone limit too)";

/// What a resource limit did to a document, for the command's messages: `Err` with the
/// one-line error when the node budget stopped the parse (the document must not be used),
/// `Ok(Some(warning))` when the depth limit flattened it, `Ok(None)` otherwise.
pub fn limit_report(
    name: &str,
    doc: &Document,
    limits: &ResourceLimits,
) -> Result<Option<String>, String> {
    let reached = doc.limits_reached();
    if let Some(reason) = reached.stop_reason(limits) {
        return Err(format!(
            "{name}: the document reached {reason} and was not processed; {}",
            LIFT_LIMITS
        ));
    }
    if reached.tree_depth {
        return Ok(Some(format!(
            "{name}: elements nested deeper than {} were placed as siblings, as Chromium does \
             (--max-depth none for the HTML Standard's tree)",
            limits.max_tree_depth.unwrap_or(0)
        )));
    }
    Ok(None)
}
