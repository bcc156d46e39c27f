//! Right by default and small things that cost time: sanitizer configurations that cannot mean
//! what was written, `check --ignore` and `--locale` values, `sanitize` over several inputs, the
//! help text, the README's examples and `scripts/test.sh`'s system packages.

mod support;

use support::{json_lines, run_out as run};

fn dir(name: &str, files: &[(&str, &[u8])]) -> PathBuf {
    support::fresh_dir(&format!("defaults-{name}"), files)
}

use std::path::PathBuf;

const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");

#[test]
fn sanitizer_configs_that_cannot_mean_what_was_written_are_warned_about() {
    let d = dir(
        "configs",
        &[
            (
                "typo.json",
                br#"{"element": ["p"], "removeElements": ["script"]}"#,
            ),
            ("upper.json", br#"{"elements": ["P", "b"]}"#),
            ("empty.json", b"{}"),
            ("fine.json", br#"{"elements": ["p", "b"]}"#),
        ],
    );
    let input = b"<p>a<b>b</b><i>i</i>";
    for (file, code) in [
        ("typo.json", "unknown-key"),
        ("upper.json", "never-matches"),
        ("empty.json", "restricts-nothing"),
    ] {
        let c = d.join(file);
        let c = c.to_str().unwrap();
        let (status, out, err) = run(&["sanitize", "--config", c], input);
        assert_eq!(status, 0, "{file}: {err}");
        assert!(!out.is_empty());
        assert_eq!(err.lines().count(), 1, "{file}: {err}");
        assert!(
            err.contains("warning") && err.contains(code),
            "{file}: {err}"
        );
        let (status, out, err) = run(&["sanitize", "--strict-config", "--config", c], input);
        assert_eq!((status, out.as_str()), (2, ""), "{file}: {err}");
        assert!(err.contains("error") && err.contains(code), "{file}: {err}");
    }
    let typo = run(
        &[
            "sanitize",
            "--config",
            d.join("typo.json").to_str().unwrap(),
        ],
        b"",
    )
    .2;
    assert!(typo.contains("did you mean \"elements\""), "{typo}");
    let fine = d.join("fine.json");
    let (status, out, err) = run(
        &[
            "sanitize",
            "--strict-config",
            "--config",
            fine.to_str().unwrap(),
        ],
        input,
    );
    assert_eq!(
        (status, out.as_str(), err.as_str()),
        (0, "<p>a<b>b</b></p>\n", "")
    );
    // --jsonl: a line's own config is an error under --strict-config.
    let (status, out, _) = run(
        &["sanitize", "--jsonl", "--strict-config"],
        b"{\"input\": \"<p>x\", \"config\": {\"elemnts\": [\"p\"]}}\n{\"input\": \"<p>x\", \"config\": {\"elements\": [\"p\"]}}\n",
    );
    assert_eq!(status, 0);
    let lines = json_lines(&out);
    assert!(
        lines[0]["error"].as_str().unwrap().contains("unknown-key"),
        "{out}"
    );
    assert_eq!(lines[1]["output"], "<p>x</p>");
}

#[test]
fn check_ignore_and_locale_values_are_checked() {
    let (status, _, err) = run(&["check", "--ignore", "no-such-code", "-"], b"<p>");
    assert_eq!(status, 2);
    assert!(err.contains("unknown code \"no-such-code\""), "{err}");
    assert!(
        err.contains("missing-doctype") && err.contains("invalid-URL-unit"),
        "{err}"
    );
    let (status, _, err) = run(
        &[
            "check",
            "--ignore",
            "missing-doctype",
            "--format",
            "gnu",
            "-",
        ],
        b"<p>",
    );
    assert_eq!((status, err.contains("0 errors")), (0, true), "{err}");
    for cmd in ["check", "text", "markdown"] {
        let (status, _, err) = run(&[cmd, "--locale", "xx-invalid", "-"], b"<p>x");
        assert_eq!(status, 2, "{cmd}");
        assert!(
            err.contains("--locale \"xx-invalid\"") && err.contains("zh-TW"),
            "{err}"
        );
    }
    for tag in ["ja-JP", "zh_TW", "en", "pt-BR", "sah"] {
        let (status, _, err) = run(&["text", "--locale", tag, "-"], b"<p>x");
        assert_eq!(status, 0, "{tag}: {err}");
    }
    let (_, out, _) = run(
        &["text", "--locale", "ru", "--no-autodetect", "-"],
        b"<p>\xe4\xe0",
    );
    assert_eq!(out, "да\n");
}

#[test]
fn sanitize_several_inputs_and_directories() {
    let d = dir(
        "sanitize",
        &[
            ("a.html", b"<b onclick=x>a</b>"),
            ("sub/b.htm", b"<i>b</i><script>s</script>"),
        ],
    );
    let (status, out, err) = run(&["sanitize", d.to_str().unwrap()], b"");
    assert_eq!(status, 0, "{err}");
    assert_eq!(
        out,
        format!(
            "==> {0}/a.html <==\n<b>a</b>\n\n==> {0}/sub/b.htm <==\n<i>b</i>\n",
            d.display()
        )
    );
    let (_, out, _) = run(&["sanitize", "--jsonl-output", d.to_str().unwrap()], b"");
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0]["file"], format!("{}/a.html", d.display()).as_str());
    assert_eq!(lines[1]["output"], "<i>b</i>");
    // One input: the result alone, as before.
    let (_, out, _) = run(&["sanitize", d.join("a.html").to_str().unwrap()], b"");
    assert_eq!(out, "<b>a</b>\n");
    let (_, help, _) = run(&["sanitize", "--help"], b"");
    assert!(help.contains("directories"), "{help}");
}

#[test]
fn help_dates_the_living_snapshot() {
    for cmd in [
        &["text"][..],
        &["html", "parse"],
        &["sanitize"],
        &["url", "parse"],
    ] {
        let mut args = cmd.to_vec();
        args.push("--help");
        let (_, help, _) = run(&args, b"");
        assert!(!help.contains("today's"), "{cmd:?}: {help}");
        assert!(help.contains("2026"), "{cmd:?}: {help}");
    }
}

#[test]
fn readme_examples_print_what_they_say() {
    let readme = std::fs::read_to_string(format!("{ROOT}/README.md")).unwrap();
    let flat = readme.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        !flat.contains("`echo '"),
        "examples pipe with printf, not echo"
    );
    assert!(
        flat.contains("--standard living"),
        "the README mentions --standard"
    );
    let (_, out, _) = run(&["sanitize"], b"<p onclick=x>Hi<script>y</script>");
    assert!(flat.contains("websyntax sanitize` prints `<p>Hi</p>`"));
    assert_eq!(out, "<p>Hi</p>\n");
    let (_, living, _) = run(
        &[
            "html",
            "parse",
            "--fragment",
            "div",
            "--output",
            "html",
            "--standard",
            "living",
        ],
        b"<select><button>Pick</button></select>",
    );
    assert_eq!(living, "<select><button>Pick</button></select>\n");
}

#[test]
fn test_script_installs_no_system_package_when_told_not_to() {
    let script = std::fs::read_to_string(format!("{ROOT}/scripts/test.sh")).unwrap();
    assert!(
        script.contains("WEBSYNTAX_NO_APT=1"),
        "the script says how to skip installs"
    );
    // The `need_apt` function of the script, with apt-get replaced by a stub that records calls.
    let start = script.find("APT_UPDATED=\n").expect("need_apt");
    let end = start + script[start..].find("\n}\n").expect("end of need_apt") + 3;
    let shell = format!(
        "{}\napt-get() {{ echo CALLED \"$@\"; }}\nneed_apt some-package; echo \"rc=$?\"",
        &script[start..end]
    );
    let out = std::process::Command::new("bash")
        .args(["-c", &shell])
        .env("WEBSYNTAX_NO_APT", "1")
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(stdout, "rc=1\n", "{stderr}");
    assert!(stderr.contains("not installing some-package"), "{stderr}");
    // Every apt-get install of the script goes through need_apt.
    let installs = script
        .lines()
        .map(str::trim_start)
        .filter(|l| !l.starts_with('#') && !l.starts_with("echo"))
        .filter(|l| l.contains("apt-get install"))
        .count();
    assert_eq!(installs, 1, "one apt-get install, in need_apt");
}
