//! The sections of the man pages that clap does not know: EXIT STATUS
//! (from the statuses' own constants, each with the commands that use it),
//! FILES (the home and what is in it, the systemd units of the Debian
//! package) and SEE ALSO. Rendered as roff after the page clap writes, so
//! the pages stay generated.

use roff::{Roff, bold, italic, roman};

use super::exit::{EXIT_CONFIG as EXIT_NO_HOME, EXIT_REFUSED, EXIT_USAGE};
use super::poll::{EXIT_IMAP_FAILED, EXIT_TEMPFAIL};
use super::secret::SECRET_FILE;
use crate::home::{CONFIG_FILE, QUARANTINE_DIR, TEMPLATES_DIR};

/// Which commands an exit status applies to, by their path after `pbmgo`
/// (`"game play"`).
enum On {
    Every,
    Only(&'static [&'static str]),
    /// Every command that opens an existing home.
    Home,
}

/// The commands that do not open an existing home: they make one, use a
/// file alone, or only print.
const NO_HOME: &[&str] = &["init", "replay", "demo", "completions", "man"];

struct Status {
    code: u8,
    meaning: &'static str,
    on: On,
}

const STATUSES: &[Status] = &[
    Status {
        code: 0,
        meaning: "Done.",
        on: On::Every,
    },
    Status {
        code: EXIT_REFUSED,
        meaning: "Refused by the rules: an illegal move, or a game that cannot be \
                  ended or resumed that way. Nothing was changed.",
        on: On::Only(&[
            "game play",
            "game import",
            "game adjudicate",
            "game resume",
            "replay",
        ]),
    },
    Status {
        code: EXIT_REFUSED,
        meaning: "The message is still held: handling it again quarantined it again.",
        on: On::Only(&["quarantine retry"]),
    },
    Status {
        code: EXIT_IMAP_FAILED,
        meaning: "The IMAP mailbox could not be read; the Maildir was handled and \
                  the outbox sent all the same (the unit's SuccessExitStatus=1).",
        on: On::Only(&["poll"]),
    },
    Status {
        code: EXIT_USAGE,
        meaning: "A bad argument, unreadable input, or a database or config that \
                  cannot be used; one line on standard error says why.",
        on: On::Every,
    },
    Status {
        code: EXIT_TEMPFAIL,
        meaning: "Try again later (EX_TEMPFAIL): the message was not taken, and the \
                  mail server keeps it and delivers it again.",
        on: On::Only(&["deliver"]),
    },
    Status {
        code: EXIT_NO_HOME,
        meaning: "No pbmgo home there (no database or config), or a schema to \
                  migrate: run pbmgo init there, or pbmgo migrate (EX_CONFIG; a \
                  mail server keeps a mail deliver answers so).",
        on: On::Home,
    },
];

impl On {
    fn covers(&self, command: &str) -> bool {
        let first = command.split(' ').next().unwrap_or_default();
        match self {
            On::Every => true,
            On::Only(names) => names.contains(&command),
            On::Home => !command.is_empty() && !NO_HOME.contains(&first),
        }
    }

    /// The commands named after a status on pbmgo(1).
    fn named(&self) -> Option<String> {
        match self {
            On::Every => None,
            On::Only(names) => Some(format!("pbmgo {}", names.join(", pbmgo "))),
            On::Home => Some("the commands that open an existing home".into()),
        }
    }
}

/// The sections to append to the page of `command` (its path after
/// `pbmgo`, empty for pbmgo(1) itself), as roff.
pub(crate) fn extra_sections(command: &str) -> String {
    let mut roff = Roff::new();
    exit_status(&mut roff, command);
    if command.is_empty() || command == "init" {
        files(&mut roff);
        see_also(&mut roff, &[("pbmgo.toml", "5")]);
    }
    roff.to_roff()
}

/// EXIT STATUS: every status on pbmgo(1), each with the commands that use
/// it; on a command's page, the statuses it can end with.
fn exit_status(roff: &mut Roff, command: &str) {
    roff.control("SH", ["EXIT STATUS"]);
    for status in STATUSES {
        let meaning = match (command.is_empty(), status.on.named()) {
            (true, Some(names)) => format!("{} ({names})", status.meaning),
            (true, None) => status.meaning.to_string(),
            (false, _) if status.on.covers(command) => status.meaning.to_string(),
            (false, _) => continue,
        };
        roff.control("TP", []);
        roff.text([bold(status.code.to_string())]);
        roff.text([roman(meaning)]);
    }
}

/// The home's files, as a name and what it is.
fn home_files() -> Vec<(String, &'static str)> {
    vec![
        (
            CONFIG_FILE.into(),
            "The config (see pbmgo.toml(5)); --config names another file. \
             Optional: without it every key has its default.",
        ),
        (
            "pbmgo.sqlite3".into(),
            "The database: players, games, messages and the outbox ([database] path).",
        ),
        (
            "inbox/".into(),
            "The Maildir incoming mail is delivered to: tmp/, new/, cur/ ([inbox] maildir).",
        ),
        (
            "outbox/".into(),
            "Where the file transport writes each outgoing mail ([outbound] dir).",
        ),
        (
            format!("{QUARANTINE_DIR}/"),
            "A Maildir of mail that could not be handled (pbmgo quarantine list).",
        ),
        (
            format!("{TEMPLATES_DIR}/"),
            "Optional reply templates that override the built-in ones.",
        ),
        (
            SECRET_FILE.into(),
            "The key of the reply tokens ([server] auth = \"token\"), made on first use.",
        ),
    ]
}

fn files(roff: &mut Roff) {
    roff.control("SH", ["FILES"]);
    roff.control("TP", []);
    roff.text([italic("/var/lib/pbmgo")]);
    roff.text([roman(
        "The home of the Debian package: owned by the pbmgo user, mode 0700, \
         set up with pbmgo init when the package is installed. Another home \
         is chosen with --home or PBMGO_HOME. Everything below is inside the \
         home.",
    )]);
    for (name, what) in home_files() {
        roff.control("TP", []);
        roff.text([italic(name)]);
        roff.text([roman(what)]);
    }
    roff.control("TP", []);
    roff.text([italic(
        "/lib/systemd/system/pbmgo-poll.timer, pbmgo-tick.timer",
    )]);
    roff.text([roman(
        "The Debian package's timers (and their services) that run pbmgo poll \
         every five minutes and pbmgo tick every hour as the pbmgo user. They \
         are not enabled by the package: systemctl enable --now \
         pbmgo-poll.timer pbmgo-tick.timer.",
    )]);
}

/// SEE ALSO: the pages named, as (name, section).
pub(crate) fn see_also(roff: &mut Roff, pages: &[(&str, &str)]) {
    roff.control("SH", ["SEE ALSO"]);
    let names: Vec<String> = pages.iter().map(|(n, s)| format!("{n}({s})")).collect();
    roff.text([roman(names.join(", "))]);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_command_lists_the_statuses_it_can_end_with() {
        let deliver = extra_sections("deliver");
        assert!(deliver.contains("\\fB75\\fR") && deliver.contains("\\fB78\\fR"));
        let play = extra_sections("game play");
        assert!(play.contains("\\fB1\\fR") && play.contains("\\fB78\\fR"));
        assert!(!play.contains("\\fB75\\fR") && !play.contains("FILES"));
        let man = extra_sections("man");
        assert!(!man.contains("\\fB1\\fR") && !man.contains("\\fB78\\fR"));
    }

    #[test]
    fn pbmgo_1_lists_every_status_with_its_commands_and_the_files() {
        let top = extra_sections("");
        for code in [0, 1, 2, 75, 78] {
            assert!(top.contains(&format!("\\fB{code}\\fR")), "{code}");
        }
        assert!(top.contains("pbmgo deliver") && top.contains(".SH FILES"));
        assert!(top.contains("pbmgo.sqlite3") && top.contains("pbmgo.toml(5)"));
    }
}
