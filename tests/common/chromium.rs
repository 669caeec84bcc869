//! Headless Chromium for the tests that judge HTML in a real browser (the
//! mail's pictures, the web archive's replay): one run on a URL with a
//! fresh profile and no network chatter, its stdout returned. The tests
//! that call it are `#[ignore]`d where Chromium is missing (`.ci/run`
//! installs it).

use std::path::Path;
use std::process::Command;

/// Where `.ci/run` installs Chromium.
pub const CHROMIUM: &str = "/usr/bin/chromium";

/// Runs headless Chromium on `url` with `extra` arguments; returns stdout.
pub fn run(url: &str, extra: &[String]) -> String {
    assert!(
        Path::new(CHROMIUM).exists(),
        "{CHROMIUM} is missing: install chromium (.ci/run does)"
    );
    let profile = tempfile::tempdir().unwrap();
    let out = Command::new(CHROMIUM)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
            "--hide-scrollbars",
            "--virtual-time-budget=5000",
        ])
        .arg(format!("--user-data-dir={}", profile.path().display()))
        .args(extra)
        .arg(url)
        .output()
        .expect("chromium runs");
    assert!(
        out.status.success(),
        "chromium: {}\n{}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}
