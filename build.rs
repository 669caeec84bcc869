//! Build script: records the commit the binary is built from, so
//! `pbmgo --version` says `pbmgo 0.3.0 (commit abc1234)` and an admin can
//! tell two builds of one version apart. Outside a git checkout (a source
//! package) the commit is `unknown`.

use std::process::Command;

fn git(args: &[&str]) -> Option<String> {
    let out = Command::new("git").args(args).output().ok()?;
    let text = String::from_utf8(out.stdout).ok()?;
    let text = text.trim();
    (out.status.success() && !text.is_empty()).then(|| text.to_string())
}

fn main() {
    let commit = git(&["rev-parse", "--short=7", "HEAD"]).unwrap_or_else(|| "unknown".into());
    println!("cargo:rustc-env=PBMGO_COMMIT={commit}");
    // Built again when HEAD moves: HEAD itself, the branch it names, and
    // packed refs (only the paths that exist, or cargo would rerun always).
    let mut watched = vec!["HEAD".to_string(), "packed-refs".to_string()];
    watched.extend(git(&["symbolic-ref", "-q", "HEAD"]));
    for name in watched {
        if let Some(path) = git(&["rev-parse", "--git-path", &name])
            && std::path::Path::new(&path).exists()
        {
            println!("cargo:rerun-if-changed={path}");
        }
    }
    println!("cargo:rerun-if-changed=build.rs");
}
