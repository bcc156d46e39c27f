//! The `[FILE|DIR|-]...` inputs shared by `html parse --output stats`, `select`, `links`,
//! `text` and `check`.
//!
//! - No argument means stdin. `-` is stdin, at most once (a second `-` is a usage error:
//!   stdin cannot be read twice).
//! - A directory is walked recursively for `*.html` and `*.htm` files (case-insensitive), in
//!   sorted order. Symbolic links are followed, but every real directory is entered once and
//!   every real file is visited once (identified by device and inode on Unix, by canonical
//!   path elsewhere), so a link loop (`ln -s .. d/up`) or two links to `.` cost nothing.
//!   A file named on the command line and found again in a walk is visited once.
//! - A named path that is a device or a socket is rejected with a one-line error (reading
//!   `/dev/zero` would never end, a terminal would wait for typing); regular files and pipes
//!   (`<(cmd)`) are read. Nothing reads stdin unless `-` was given or no input was named.
//!
//! Problems with one input (missing file, unreadable directory, device) are reported by
//! [`expand`] as [`Problem`]s so that the caller can print one line for each and go on.

use std::collections::HashSet;
use std::io::Read;
use std::path::{Path, PathBuf};

/// One input to read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Input {
    /// Standard input.
    Stdin,
    /// A file (as named, or as found in a directory walk).
    File(PathBuf),
}

impl Input {
    /// The name to show in messages and in `"file"` keys: the path as given, or `-` for stdin.
    pub fn name(&self) -> String {
        match self {
            Input::Stdin => "-".to_owned(),
            Input::File(p) => p.display().to_string(),
        }
    }

    /// Reads all bytes. The error is one line: `cannot read NAME: REASON`.
    pub fn read(&self) -> Result<Vec<u8>, String> {
        match self {
            Input::Stdin => {
                let mut v = Vec::new();
                std::io::stdin()
                    .lock()
                    .read_to_end(&mut v)
                    .map_err(|e| format!("cannot read stdin: {e}"))?;
                Ok(v)
            }
            Input::File(p) => {
                std::fs::read(p).map_err(|e| format!("cannot read {}: {e}", p.display()))
            }
        }
    }
}

/// An input that cannot be used; [`std::fmt::Display`] gives the one-line message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem(pub String);

impl std::fmt::Display for Problem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// The result of [`expand`]: the inputs to read, in order, and the problems met on the way.
#[derive(Debug, Default)]
pub struct Expanded {
    /// Inputs to read, in command-line order (directory contents sorted by path).
    pub inputs: Vec<Input>,
    /// One message per input that could not be used (missing, unreadable, a device).
    pub problems: Vec<Problem>,
    /// Messages that do not make the command fail: a named directory without any
    /// `*.html`/`*.htm` file in it.
    pub warnings: Vec<String>,
}

/// The identity of a real file or directory: (device, inode) on Unix, the canonical path
/// elsewhere.
#[derive(Clone, PartialEq, Eq, Hash)]
enum Identity {
    #[cfg(unix)]
    Inode(u64, u64),
    #[cfg(not(unix))]
    Path(PathBuf),
}

fn identity(path: &Path, meta: &std::fs::Metadata) -> Option<Identity> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        let _ = path;
        Some(Identity::Inode(meta.dev(), meta.ino()))
    }
    #[cfg(not(unix))]
    {
        let _ = meta;
        std::fs::canonicalize(path).ok().map(Identity::Path)
    }
}

/// Whether `meta` (of a followed path) is something that can be read to its end: a regular
/// file, or a pipe.
fn readable_kind(meta: &std::fs::Metadata) -> bool {
    if meta.is_file() {
        return true;
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        meta.file_type().is_fifo()
    }
    #[cfg(not(unix))]
    {
        false
    }
}

fn is_html_name(path: &Path) -> bool {
    path.extension()
        .is_some_and(|x| x.eq_ignore_ascii_case("html") || x.eq_ignore_ascii_case("htm"))
}

/// Expands the command line's `[FILE|DIR|-]...` into inputs (see the module docs).
///
/// Errors with a usage message when `-` is given twice; every other problem is collected in
/// [`Expanded::problems`].
pub fn expand(args: &[PathBuf]) -> Result<Expanded, String> {
    let mut out = Expanded::default();
    if args.is_empty() {
        out.inputs.push(Input::Stdin);
        return Ok(out);
    }
    if args.iter().filter(|p| p.as_os_str() == "-").count() > 1 {
        return Err("`-` (stdin) given more than once: stdin can be read only once".to_owned());
    }
    let mut seen_files: HashSet<Identity> = HashSet::new();
    let mut seen_dirs: HashSet<Identity> = HashSet::new();
    for arg in args {
        if arg.as_os_str() == "-" {
            out.inputs.push(Input::Stdin);
            continue;
        }
        let meta = match std::fs::metadata(arg) {
            Ok(m) => m,
            Err(e) => {
                out.problems
                    .push(Problem(format!("cannot read {}: {e}", arg.display())));
                continue;
            }
        };
        if meta.is_dir() {
            let before = out.inputs.len();
            walk(arg, &meta, &mut out, &mut seen_files, &mut seen_dirs);
            if out.inputs.len() == before {
                out.warnings
                    .push(format!("{} holds no *.html or *.htm file", arg.display()));
            }
        } else if readable_kind(&meta) {
            if let Some(id) = identity(arg, &meta)
                && !seen_files.insert(id)
            {
                continue;
            }
            out.inputs.push(Input::File(arg.clone()));
        } else {
            out.problems.push(Problem(format!(
                "cannot read {}: not a regular file (a device or socket)",
                arg.display()
            )));
        }
    }
    Ok(out)
}

/// Depth-first walk of `root` in sorted order, without recursion.
fn walk(
    root: &Path,
    root_meta: &std::fs::Metadata,
    out: &mut Expanded,
    seen_files: &mut HashSet<Identity>,
    seen_dirs: &mut HashSet<Identity>,
) {
    if let Some(id) = identity(root, root_meta)
        && !seen_dirs.insert(id)
    {
        return;
    }
    // Each stack entry is a directory's remaining entries, reversed (pop = next in order).
    let mut stack: Vec<Vec<PathBuf>> = Vec::new();
    match sorted_entries(root) {
        Ok(e) => stack.push(e),
        Err(p) => out.problems.push(p),
    }
    while let Some(top) = stack.last_mut() {
        let Some(path) = top.pop() else {
            stack.pop();
            continue;
        };
        // Follow symbolic links; a dangling link is skipped silently (it names no file).
        let Ok(meta) = std::fs::metadata(&path) else {
            continue;
        };
        if meta.is_dir() {
            if let Some(id) = identity(&path, &meta)
                && !seen_dirs.insert(id)
            {
                continue;
            }
            match sorted_entries(&path) {
                Ok(e) => stack.push(e),
                Err(p) => out.problems.push(p),
            }
        } else if meta.is_file() && is_html_name(&path) {
            if let Some(id) = identity(&path, &meta)
                && !seen_files.insert(id)
            {
                continue;
            }
            out.inputs.push(Input::File(path));
        }
    }
}

/// The entries of `dir`, sorted by path and reversed.
fn sorted_entries(dir: &Path) -> Result<Vec<PathBuf>, Problem> {
    let entries = std::fs::read_dir(dir)
        .map_err(|e| Problem(format!("cannot read {}: {e}", dir.display())))?;
    let mut v: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
    v.sort_unstable_by(|a, b| b.cmp(a));
    Ok(v)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tmp(name: &str) -> PathBuf {
        let d =
            std::env::temp_dir().join(format!("websyntax-inputs-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        d
    }

    #[test]
    fn stdin_twice_is_an_error() {
        assert!(expand(&[PathBuf::from("-"), PathBuf::from("-")]).is_err());
        assert_eq!(expand(&[]).unwrap().inputs, vec![Input::Stdin]);
    }

    #[cfg(unix)]
    #[test]
    fn symlink_loops_visit_each_file_once() {
        let d = tmp("loops");
        std::fs::create_dir_all(d.join("sub")).unwrap();
        std::fs::write(d.join("sub/a.html"), "<p>").unwrap();
        std::fs::write(d.join("b.HTM"), "<p>").unwrap();
        std::fs::write(d.join("c.txt"), "x").unwrap();
        std::os::unix::fs::symlink("..", d.join("sub/up")).unwrap();
        std::os::unix::fs::symlink(".", d.join("dot1")).unwrap();
        std::os::unix::fs::symlink(".", d.join("dot2")).unwrap();
        std::os::unix::fs::symlink("sub/a.html", d.join("z.html")).unwrap();
        let e = expand(&[d.clone(), d.join("b.HTM")]).unwrap();
        assert_eq!(
            e.inputs,
            vec![
                Input::File(d.join("b.HTM")),
                Input::File(d.join("sub/a.html"))
            ]
        );
        assert!(e.problems.is_empty());
        assert!(e.warnings.is_empty());
        let empty = d.join("empty");
        std::fs::create_dir_all(&empty).unwrap();
        let e = expand(std::slice::from_ref(&empty)).unwrap();
        assert!(e.inputs.is_empty() && e.problems.is_empty());
        assert_eq!(e.warnings.len(), 1, "{:?}", e.warnings);
        let _ = std::fs::remove_dir_all(&d);
    }

    #[cfg(unix)]
    #[test]
    fn devices_and_missing_files_are_problems() {
        let e = expand(&[
            PathBuf::from("/dev/null"),
            PathBuf::from("/nonexistent/x.html"),
        ])
        .unwrap();
        assert!(e.inputs.is_empty());
        assert_eq!(e.problems.len(), 2);
        assert!(
            e.problems[0].0.contains("not a regular file"),
            "{:?}",
            e.problems
        );
    }
}
