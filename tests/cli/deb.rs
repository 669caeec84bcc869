//! The Debian package, installed for real: `data/deb/build` (run by
//! `.ci/run`) makes `target/debian/pbmgo_VERSION-1_ARCH.deb`; this test
//! installs it with dpkg as root, checks the files it puts in place, the
//! system user and its private home set up by the postinst, runs
//! `pbmgo status` as that user, then removes the package (the home and
//! the user stay) and purges it (both go).

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const HOME: &str = "/var/lib/pbmgo";

/// The files the package installs, besides the binary.
const INSTALLED: &[&str] = &[
    "/usr/share/man/man1/pbmgo.1.gz",
    "/usr/share/man/man1/pbmgo-poll.1.gz",
    "/usr/share/man/man1/pbmgo-game-play.1.gz",
    "/usr/share/man/man5/pbmgo.toml.5.gz",
    "/usr/share/bash-completion/completions/pbmgo",
    "/usr/share/zsh/vendor-completions/_pbmgo",
    "/usr/share/fish/vendor_completions.d/pbmgo.fish",
    "/lib/systemd/system/pbmgo-poll.service",
    "/lib/systemd/system/pbmgo-poll.timer",
    "/lib/systemd/system/pbmgo-tick.service",
    "/lib/systemd/system/pbmgo-tick.timer",
];

fn run(program: &str, args: &[&str]) -> Output {
    Command::new(program)
        .args(args)
        .env_remove("PBMGO_HOME")
        .output()
        .unwrap_or_else(|e| panic!("{program} does not run: {e}"))
}

fn succeeds(program: &str, args: &[&str]) -> String {
    let out = run(program, args);
    assert!(out.status.success(), "{program} {args:?}: {out:?}");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The package `.ci/run` built for this version.
fn package() -> PathBuf {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/debian");
    let prefix = format!("pbmgo_{}-", env!("CARGO_PKG_VERSION"));
    let found = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}; run data/deb/build", dir.display()))
        .map(|e| e.unwrap().path())
        .find(|p| {
            let name = p.file_name().unwrap().to_string_lossy();
            name.starts_with(&prefix) && name.ends_with(".deb")
        });
    found.unwrap_or_else(|| panic!("no {prefix}*.deb in {}", dir.display()))
}

/// Purges the package when the test ends, passed or not.
struct Purge;

impl Drop for Purge {
    fn drop(&mut self) {
        let _ = run("dpkg", &["--purge", "pbmgo"]);
    }
}

fn user_exists() -> bool {
    run("getent", &["passwd", "pbmgo"]).status.success()
}

/// The units run the packaged binary on the packaged home, and verify.
fn check_units() {
    for service in ["pbmgo-poll.service", "pbmgo-tick.service"] {
        let text = std::fs::read_to_string(format!("/lib/systemd/system/{service}")).unwrap();
        assert!(
            text.contains("ExecStart=/usr/bin/pbmgo --home /var/lib/pbmgo ")
                && text.contains("User=pbmgo")
                && text.contains("ReadWritePaths=/var/lib/pbmgo"),
            "{service}:\n{text}"
        );
        assert!(
            !text.contains("/usr/local") && !text.contains("/srv/"),
            "{text}"
        );
    }
    let units: Vec<String> = INSTALLED
        .iter()
        .filter(|p| p.starts_with("/lib/systemd/"))
        .map(|p| p.to_string())
        .collect();
    let units: Vec<&str> = units.iter().map(String::as_str).collect();
    let out = run("systemd-analyze", &[&["verify"], units.as_slice()].concat());
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success() && said.trim().is_empty(), "{said}");
}

#[test]
#[ignore = "needs dpkg, root, systemd-analyze and the package built by .ci/run (target/debian/*.deb)"]
fn the_debian_package_installs_a_working_pbmgo_and_purges_clean() {
    let deb = package();
    let _purge = Purge;
    succeeds("dpkg", &["--install", deb.to_str().unwrap()]);
    for path in INSTALLED.iter().chain(&["/usr/bin/pbmgo"]) {
        assert!(Path::new(path).is_file(), "{path} is not installed");
    }
    let page = succeeds("zcat", &["/usr/share/man/man1/pbmgo.1.gz"]);
    assert!(page.contains("EXIT STATUS") && page.contains(".SH FILES"));
    check_units();
    assert!(user_exists(), "no pbmgo user");
    let home = std::fs::metadata(HOME).unwrap();
    assert_eq!(home.permissions().mode() & 0o7777, 0o700, "{HOME}");
    let owner = succeeds("stat", &["-c", "%U:%G", HOME]);
    assert_eq!(owner.trim(), "pbmgo:pbmgo");
    assert!(Path::new(HOME).join("pbmgo.sqlite3").is_file());
    // The status command (pbmgo status, exit 0 for a healthy home) run as
    // the service user, as the timers run pbmgo: with the home named, and
    // with none, when the default home is the package's.
    for named in [&["--home", HOME][..], &[]] {
        let mut args = vec!["-u", "pbmgo", "--", "/usr/bin/pbmgo"];
        args.extend_from_slice(named);
        args.push("status");
        let status = run("runuser", &args);
        assert_eq!(status.status.code(), Some(0), "{args:?}: {status:?}");
    }

    succeeds("dpkg", &["--remove", "pbmgo"]);
    assert!(!Path::new("/usr/bin/pbmgo").exists());
    assert!(
        Path::new(HOME).join("pbmgo.sqlite3").is_file(),
        "remove kept no data"
    );
    assert!(user_exists(), "remove took the user");
    succeeds("dpkg", &["--purge", "pbmgo"]);
    assert!(!Path::new(HOME).exists(), "purge left {HOME}");
    assert!(!user_exists(), "purge left the user");
}
