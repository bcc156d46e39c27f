// Type declarations of the `websyntax` npm package (docs/js.md).

/** A name in a sanitizer configuration: a local name, or with its namespace. */
export type SanitizerName = string | { name: string; namespace?: string | null };

/** The HTML Standard's `SanitizerConfig` dictionary. */
export interface SanitizerConfig {
  elements?: Array<SanitizerName | { name: string; namespace?: string | null; attributes?: SanitizerName[]; removeAttributes?: SanitizerName[] }>;
  removeElements?: SanitizerName[];
  replaceWithChildrenElements?: SanitizerName[];
  attributes?: SanitizerName[];
  removeAttributes?: SanitizerName[];
  comments?: boolean;
  dataAttributes?: boolean;
  processingInstructions?: string[];
  removeProcessingInstructions?: string[];
}

/** The HTML Standard's `Sanitizer`. A configuration a browser rejects throws a TypeError. */
export class Sanitizer {
  constructor(config?: SanitizerConfig | 'default');
  get(): SanitizerConfig;
  allowElement(element: SanitizerName | { name: string; namespace?: string | null; attributes?: SanitizerName[]; removeAttributes?: SanitizerName[] }): boolean;
  removeElement(element: SanitizerName): boolean;
  replaceElementWithChildren(element: SanitizerName): boolean;
  allowAttribute(attribute: SanitizerName): boolean;
  removeAttribute(attribute: SanitizerName): boolean;
  setComments(allow: boolean): boolean;
  setDataAttributes(allow: boolean): boolean;
  removeUnsafe(): boolean;
}

/** Resource limits: `maxNodes` (default 65,536 + 16 per input byte) and `maxDepth` (512). */
export interface Limits {
  /** Over it the input is not processed: a `ResourceLimitError` (a RangeError). `Infinity` or `null`: none. */
  maxNodes?: number | null;
  /** Elements nested deeper are placed as siblings, as Chromium does. `Infinity` or `null`: none. */
  maxDepth?: number | null;
}

export interface SanitizeOptions extends Limits {
  /** A `Sanitizer`, a configuration dictionary, or "default". */
  sanitizer?: Sanitizer | SanitizerConfig | 'default';
  /**
   * The context element: an HTML local name ("div", "td"), or "svg NAME" / "math NAME" for a
   * foreign one. A bare "svg" or "math" (any case) throws a `TypeError` naming
   * `options.context`: write "svg svg" / "math math" for the SVG or MathML root element (an
   * `<svg>` start tag never makes an HTML element named svg; "div" gives the tree such an
   * element would).
   */
  context?: string;
  /** "seed" (the standard's text this version pins; default) or "living". */
  standard?: 'seed' | 'living';
}

/** `element.setHTML(html, {sanitizer})` on a `context` element: the resulting `innerHTML`. */
export function sanitize(html: string, options?: SanitizeOptions): string;
/** `element.setHTMLUnsafe(html, {sanitizer})`: the configuration only. */
export function sanitizeUnsafe(html: string, options?: SanitizeOptions): string;
/** `Document.parseHTML(html, {sanitizer})`, serialized; `unsafe: true` for `parseHTMLUnsafe`. */
export function parseHTML(html: string, options?: Omit<SanitizeOptions, 'context'> & { unsafe?: boolean }): string;

export interface ParseOptions extends Limits {
  /** The document's URL: links resolve against it (and `<base href>`). */
  url?: string;
  /** The transport layer's charset label, for bytes (a BOM still wins). */
  encoding?: string;
  /** The scripting flag (default true: `<noscript>` is raw text, as in browsers). */
  scripting?: boolean;
  standard?: 'seed' | 'living';
  /**
   * `parse()` of a string only: the fragment parsing algorithm with this context element
   * ("td", "svg NAME", "math NAME"), as `websyntax html parse --fragment`; the tree's top is
   * the fragment's root `html` element. A bare "svg" or "math" throws a `TypeError`, as
   * `sanitize`'s `context` does: write "svg svg" or "math math".
   */
  context?: string;
}

export interface ParseError {
  code: string;
  message: string;
  line: number;
  column: number;
  /** Byte offset into the input. */
  offset: number;
  /** Byte span `[start, end]` into the input. */
  span: [number, number];
}

export interface Link {
  element: string;
  attr: string;
  raw: string;
  /** The resolved URL, or null when the URL parser fails. */
  url: string | null;
  span: [number, number] | null;
  /** URL validation error names. */
  errors: string[];
}

export interface MarkdownOptions {
  /** Only the main content (the article body). */
  main?: boolean;
  /** The URL links and images resolve against (default: the document's `url`). */
  baseUrl?: string;
  referenceLinks?: boolean;
  images?: boolean;
  /**
   * Keep links and images whose URL could run script (`javascript:`, `vbscript:`, `data:`
   * other than images' `data:image/*`); by default they keep only their text (alt text).
   */
  unsafeLinks?: boolean;
}

/** A node of a parsed Document; valid while its document lives. */
export class Element {
  readonly document: Document;
  readonly index: number;
  /** The local name; undefined for a non-element. */
  readonly tag: string | undefined;
  readonly nodeType: number;
  readonly attributes: Record<string, string>;
  getAttribute(name: string): string | null;
  /** The DOM's textContent. */
  text(): string;
  /** The block-aware readable text. */
  readableText(): string;
  readonly outerHTML: string;
  readonly innerHTML: string;
  readonly parent: Element | null;
  readonly children: Element[];
  readonly childNodes: Element[];
  /** Byte offsets `[start, end]` into the input, or null. */
  readonly span: [number, number] | null;
  readonly path: string;
  select(css: string): Element[];
  selectFirst(css: string): Element | null;
}

/**
 * A parsed document held inside the WebAssembly module: `free()` releases its memory at once;
 * otherwise a FinalizationRegistry does after it is garbage-collected.
 */
export class Document {
  readonly encoding: string | null;
  readonly title: string | null;
  readonly errors: ParseError[];
  readonly depthLimited: boolean;
  readonly root: Element;
  /** Throws a SyntaxError for an invalid selector. */
  select(css: string): Element[];
  selectFirst(css: string): Element | null;
  text(): string;
  mainText(): string;
  markdown(options?: MarkdownOptions): string;
  links(options?: { baseUrl?: string }): Link[];
  html(): string;
  free(): void;
  [Symbol.dispose](): void;
}

/** Parses a document: bytes are decoded as a browser does (BOM, `encoding`, `<meta>`, autodetection). */
export function parse(input: string | Uint8Array | ArrayBuffer, options?: ParseOptions): Document;

export interface CheckOptions extends Omit<ParseOptions, 'context'> {
  severity?: 'error' | 'warning' | 'info';
  ignore?: string[];
  only?: Array<'parse' | 'encoding' | 'url' | 'attribute'>;
  maxPerFile?: number;
}

export interface Diagnostic {
  category: 'parse' | 'encoding' | 'url' | 'attribute';
  code: string;
  severity: 'error' | 'warning' | 'info';
  message: string;
  line: number;
  col: number;
  span: [number, number] | null;
  count: number;
  related: { span: [number, number]; line: number; col: number; message: string } | null;
}

/** `websyntax check --format json`'s object for one document (without `file`). */
export function check(input: string | Uint8Array | ArrayBuffer, options?: CheckOptions): {
  encoding: string;
  diagnostics: Diagnostic[];
  omitted?: number;
};

export function markdown(html: string, options?: MarkdownOptions): string;
export function mainText(html: string): string;
export function htmlToText(html: string): string;

/** A source range as parse5 gives it: 1-based lines and columns, offsets in UTF-16 code units. */
export interface Parse5Location {
  startLine: number;
  startCol: number;
  startOffset: number;
  endLine: number;
  endCol: number;
  endOffset: number;
}

/** An element's location: the whole element, its start tag (with its attributes) and end tag. */
export interface Parse5ElementLocation extends Parse5Location {
  startTag?: Parse5Location & { attrs?: Record<string, Parse5Location> };
  endTag?: Parse5Location;
  attrs?: Record<string, Parse5Location>;
}

/** A node in parse5's default tree adapter shape. */
export interface Parse5Node {
  nodeName: string;
  tagName?: string;
  attrs?: Array<{ name: string; value: string; namespace?: string; prefix?: string }>;
  namespaceURI?: string;
  childNodes?: Parse5Node[];
  parentNode?: Parse5Node | null;
  content?: Parse5Node;
  value?: string;
  data?: string;
  name?: string;
  publicId?: string;
  systemId?: string;
  mode?: 'no-quirks' | 'quirks' | 'limited-quirks';
  sourceCodeLocation?: Parse5ElementLocation | Parse5Location | null;
}

export function toParse5(input: string, options?: { sourceCodeLocationInfo?: boolean; scripting?: boolean; maxNodes?: number | null }): Parse5Node;

/** What the tree builder did with a node that is not simply where its tag was. */
export interface Provenance {
  /**
   * `implied` (no tag in the source: html, head, body, tbody …), `clone` (a formatting
   * element recreated by reconstruction or the adoption agency), `foster-parented` (put
   * before a table), `moved` (moved by the adoption agency algorithm).
   */
  kind: 'implied' | 'clone' | 'foster-parented' | 'moved';
  /** The rule, in words, with the HTML Standard's section. */
  rule: string;
  /** The HTML Standard's section of the rule ("13.2.6.1"). */
  section: string;
  /** The `index` of the related node (the clone's original, the table, the formatting element). */
  related: number | null;
}

/** One node of `Document.tree()`. */
export interface TreeNode {
  /** The node's index (as `Element.index`). */
  index: number;
  /** 0 for the document; children are one deeper than their parent. */
  depth: number;
  nodeType: number;
  /** The local name, `#text`, `#comment`, `#document`, `#document-fragment`, or the doctype's name. */
  name: string;
  /** `html`, `svg` or `mathml` for an element; null otherwise. */
  namespace: string | null;
  /** `[qualifiedName, value]` pairs in source order. */
  attributes: Array<[string, string]>;
  /** The data of a text, comment or processing instruction; null otherwise. */
  data: string | null;
  /** Byte offsets `[start, end]` into the input, or null (nodes without a token of their own). */
  span: [number, number] | null;
  startTag: [number, number] | null;
  endTag: [number, number] | null;
  provenance: Provenance | null;
}

export interface Document {
  /** The number of nodes, as `websyntax html parse --output stats` counts them. */
  readonly nodeCount: number;
  /** Every node in tree order (template contents after their template), with provenance. */
  tree(): TreeNode[];
}

/** A URL validation error: its name in the URL Standard and the byte offset where it was met. */
export interface URLValidationError {
  name: string;
  offset: number;
}

/** `parseURL()`'s result: the URL's API components, or the failure. */
export type URLResult =
  | {
      ok: true;
      href: string;
      origin: string;
      protocol: string;
      username: string;
      password: string;
      host: string;
      hostname: string;
      port: string;
      pathname: string;
      search: string;
      hash: string;
      errors: URLValidationError[];
      baseErrors: URLValidationError[];
    }
  | {
      ok: false;
      /** The validation error that made parsing fail, in the input or in the base. */
      failure: URLValidationError & { in: 'input' | 'base' };
      errors: URLValidationError[];
      baseErrors: URLValidationError[];
    };

/** The API URL parser (`new URL(input, base)`), with every validation error met. */
export function parseURL(input: string, base?: string | null, options?: { standard?: 'seed' | 'living' }): URLResult;

/** An input over `maxNodes`: the module stays usable. */
export class ResourceLimitError extends RangeError {}
/** The module trapped (a bug); every later call throws this too. */
export class WebsyntaxTrapError extends Error {}

/** Instantiates the module now (from the inlined bytes, or from `bytes`). Optional: the first call does it. */
export function initSync(bytes?: BufferSource | WebAssembly.Module): void;
export const version: string;
/** The WebAssembly module's linear memory, in bytes. */
export function memoryBytes(): number;

declare const websyntax: {
  Sanitizer: typeof Sanitizer;
  sanitize: typeof sanitize;
  sanitizeUnsafe: typeof sanitizeUnsafe;
  parseHTML: typeof parseHTML;
  parse: typeof parse;
  Document: typeof Document;
  Element: typeof Element;
  check: typeof check;
  markdown: typeof markdown;
  mainText: typeof mainText;
  htmlToText: typeof htmlToText;
  toParse5: typeof toParse5;
  parseURL: typeof parseURL;
  ResourceLimitError: typeof ResourceLimitError;
  WebsyntaxTrapError: typeof WebsyntaxTrapError;
  initSync: typeof initSync;
  memoryBytes: typeof memoryBytes;
  version: string;
};
export default websyntax;
