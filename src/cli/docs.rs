//! `pbmgo completions SHELL` and `pbmgo man [--dir DIR]`: shell completion
//! scripts and man pages, generated from the clap definitions so they never
//! drift from the commands themselves. Each page gets the sections clap
//! does not know (`man_sections`), and `--dir` writes pbmgo.toml(5) too,
//! made from the commented default config (`man_config`).

use std::path::{Path, PathBuf};

use anyhow::Context as _;
use clap::{Args, ValueEnum};
use clap_complete::Shell;

use super::{man_config, man_sections};
use crate::home::CONFIG_FILE;

/// The shells `pbmgo completions` writes for.
#[derive(Debug, Clone, Copy, ValueEnum)]
pub(crate) enum CompletionShell {
    /// bash (e.g. /etc/bash_completion.d/pbmgo)
    Bash,
    /// zsh (a file named _pbmgo in a folder on $fpath)
    Zsh,
    /// fish (~/.config/fish/completions/pbmgo.fish)
    Fish,
}

/// Print a shell completion script
#[derive(Debug, Args)]
pub(crate) struct CompletionsArgs {
    /// The shell to complete for
    #[arg(value_enum)]
    shell: CompletionShell,
}

/// Print the man page, or write one page per command into a folder
#[derive(Debug, Args)]
pub(crate) struct ManArgs {
    /// Write pbmgo.1, one page per subcommand (pbmgo-game-show.1, ...) and pbmgo.toml.5 into DIR
    #[arg(long, value_name = "DIR")]
    dir: Option<PathBuf>,
}

/// Runs `pbmgo completions`: the script for `cmd` (pbmgo's command tree) on stdout.
pub(crate) fn completions(args: CompletionsArgs, mut cmd: clap::Command) -> anyhow::Result<u8> {
    let shell = match args.shell {
        CompletionShell::Bash => Shell::Bash,
        CompletionShell::Zsh => Shell::Zsh,
        CompletionShell::Fish => Shell::Fish,
    };
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut cmd, "pbmgo", &mut script);
    out!("{}", String::from_utf8_lossy(&script))?;
    Ok(0)
}

/// Runs `pbmgo man` for `cmd` (pbmgo's command tree): pbmgo(1) on stdout,
/// or every page into `--dir`.
pub(crate) fn man(args: ManArgs, cmd: clap::Command) -> anyhow::Result<u8> {
    // The pages name the version alone: they are kept in docs/ and must not
    // change with every commit.
    let cmd = cmd.version(env!("CARGO_PKG_VERSION"));
    match args.dir {
        None => out!("{}", render(cmd, "")?)?,
        Some(dir) => {
            let written = write_pages(cmd, &dir)?;
            outln!("wrote {written} man pages to {}", dir.display())?;
        }
    }
    Ok(0)
}

/// Writes pbmgo.1, a page for every subcommand of `cmd` and pbmgo.toml.5
/// into `dir`; returns how many.
pub(crate) fn write_pages(mut cmd: clap::Command, dir: &Path) -> anyhow::Result<usize> {
    std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    cmd.build();
    let config = man_config::page(env!("CARGO_PKG_VERSION"));
    write(&dir.join(format!("{CONFIG_FILE}.5")), &config)?;
    Ok(1 + write_tree(&cmd, "", dir)?)
}

/// Writes the page of `cmd`, whose path after `pbmgo` is `path` (empty for
/// pbmgo itself), and those of its subcommands.
fn write_tree(cmd: &clap::Command, path: &str, dir: &Path) -> anyhow::Result<usize> {
    let name = cmd.get_display_name().unwrap_or(cmd.get_name()).to_string();
    write(&dir.join(format!("{name}.1")), &render(cmd.clone(), path)?)?;
    let mut written = 1;
    for sub in cmd.get_subcommands().filter(|s| s.get_name() != "help") {
        let below = format!("{path} {}", sub.get_name());
        written += write_tree(sub, below.trim_start(), dir)?;
    }
    Ok(written)
}

/// The page of `cmd` as clap writes it, then the sections it does not know.
fn render(cmd: clap::Command, path: &str) -> anyhow::Result<String> {
    let mut page = Vec::new();
    clap_mangen::Man::new(cmd).render(&mut page)?;
    let page = String::from_utf8_lossy(&page);
    Ok(format!("{page}{}", man_sections::extra_sections(path)))
}

fn write(path: &Path, page: &str) -> anyhow::Result<()> {
    std::fs::write(path, page).with_context(|| format!("cannot write {}", path.display()))
}
