// Type declarations of the `websyntax/sanitize` entry point (docs/js.md): the Sanitizer API
// from strings only, in a smaller WebAssembly module. The declarations are the full entry
// point's (`websyntax`), re-exported.

export {
  Sanitizer,
  SanitizerName,
  SanitizerConfig,
  Limits,
  SanitizeOptions,
  sanitize,
  sanitizeUnsafe,
  parseHTML,
  ResourceLimitError,
  WebsyntaxTrapError,
  initSync,
  version,
  memoryBytes,
} from './index.js';

import {
  Sanitizer,
  sanitize,
  sanitizeUnsafe,
  parseHTML,
  ResourceLimitError,
  WebsyntaxTrapError,
  initSync,
  memoryBytes,
} from './index.js';

declare const websyntaxSanitize: {
  Sanitizer: typeof Sanitizer;
  sanitize: typeof sanitize;
  sanitizeUnsafe: typeof sanitizeUnsafe;
  parseHTML: typeof parseHTML;
  ResourceLimitError: typeof ResourceLimitError;
  WebsyntaxTrapError: typeof WebsyntaxTrapError;
  initSync: typeof initSync;
  memoryBytes: typeof memoryBytes;
  version: string;
};
export default websyntaxSanitize;
