//! Replies as real clients quote: the fixtures of `tests/fixtures/clients/`
//! (see the README there) through `inbound::parse` → `parse_reply`, read
//! against pbmgo's own mails of that folder (`ours-*.eml`) as the pipeline
//! reads them. Each gives the commands and the comment expected: attribution
//! lines and quoted originals are never part of the comment, and the
//! example line `move game1 A1#5` of our mail is never a command.

use std::path::PathBuf;

use pbmgo::command::{OwnWords, Parsed, parse_mail, parse_reply};
use pbmgo::mail::inbound;
use pbmgo::mail::inbound::sent::{Recognise, own_words};

fn raw(name: &str) -> Vec<u8> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/clients")
        .join(name);
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Our two mails the fixtures answer: a "your move" mail and a challenge letter.
fn ours() -> OwnWords {
    let mails = [raw("ours-your-move.eml"), raw("ours-challenge.eml")];
    own_words(mails.iter().map(Vec::as_slice), Recognise::LinesAndSubjects)
}

fn read_with(name: &str, own: &OwnWords) -> Parsed {
    let mail = inbound::parse(&raw(name)).unwrap_or_else(|e| panic!("{name}: {e}"));
    parse_reply(&mail.subject, &mail.text, own)
}

/// The command lines (as written; all must parse) and the comment.
fn summary(parsed: &Parsed) -> (Vec<String>, Vec<String>) {
    let commands = parsed
        .commands
        .iter()
        .map(|c| {
            assert!(c.parsed.is_ok(), "{c:?}");
            c.text.clone()
        })
        .collect();
    (commands, parsed.comment.clone())
}

fn check(name: &str, commands: &[&str], comment: &[&str]) {
    let (got_commands, got_comment) = summary(&read_with(name, &ours()));
    assert_eq!(got_commands, commands, "{name}: commands");
    assert_eq!(got_comment, comment, "{name}: comment");
}

#[test]
fn thunderbird_bottom_post() {
    check(
        "thunderbird-bottom.eml",
        &["move game1 c5"],
        &["Let's see how you handle this."],
    );
}

#[test]
fn gmail_interleaved_in_text_and_in_html() {
    check(
        "gmail-interleaved.eml",
        &["c5"],
        &["Nice shape, by the way."],
    );
    check(
        "gmail-interleaved-html.eml",
        &["c5"],
        &["Nice shape, by the way."],
    );
}

#[test]
fn outlook_desktop_and_android_keep_the_original_out() {
    check("outlook.eml", &["e5"], &["Thanks for the game so far."]);
    check("outlook-android.eml", &["c5"], &[]);
}

#[test]
fn iphone_and_apple_mail() {
    check("iphone.eml", &["C5"], &[]);
    check("apple-mail-top.eml", &["move game1 c5"], &["Alice"]);
}

#[test]
fn notes_original_below_its_attribution_is_not_read() {
    check("notes.eml", &[], &["OK now I need to think about this one"]);
}

#[test]
fn mutt_default_and_custom_attributions() {
    check("mutt-default.eml", &["move game1 c5"], &["Good luck."]);
    check("mutt-custom.eml", &["c5"], &[]);
}

#[test]
fn mailx_family_tab_quotes() {
    check("s-nail.eml", &["move game1 c5"], &[]);
    check(
        "bsd-mailx.eml",
        &[],
        &["No thanks, I'm too busy this month."],
    );
}

#[test]
fn html_only_phone_reply() {
    check("html-only-phone.eml", &["c5"], &["Sorry, on the train."]);
}

#[test]
fn attributions_in_nine_languages() {
    let cases = [
        ("en", "Good luck!"),
        ("de", "Viel Glück!"),
        ("fr", "Bonne chance !"),
        ("es", "¡Suerte!"),
        ("it", "Buona fortuna!"),
        ("nl", "Veel succes!"),
        ("pt", "Boa sorte!"),
        ("ja", "よろしくお願いします。"),
        ("ja-thunderbird", "がんばります。"),
    ];
    for (lang, words) in cases {
        check(&format!("lang-{lang}.eml"), &["move game1 c5"], &[words]);
    }
}

/// Without our mails at hand (a reply to a mail no longer in the outbox),
/// quoting alone still keeps every client's original out.
#[test]
fn quoting_alone_suffices_for_marked_quotes() {
    let none = OwnWords::new();
    for name in [
        "thunderbird-bottom.eml",
        "gmail-interleaved.eml",
        "outlook.eml",
        "iphone.eml",
        "notes.eml",
        "mutt-default.eml",
        "mutt-custom.eml",
        "s-nail.eml",
        "html-only-phone.eml",
        "lang-ja.eml",
    ] {
        assert_eq!(
            summary(&read_with(name, &none)),
            summary(&read_with(name, &ours())),
            "{name}"
        );
    }
    // mailx quotes the headers too: its `From:`/`To:` block, followed by
    // the unquoted original, ends the text even without our words. The
    // Subject (a challenge letter's) is then read as free text.
    let mailx = read_with("bsd-mailx.eml", &none);
    assert!(
        mailx.commands.iter().all(|c| c.text != "accept game1"),
        "{mailx:?}"
    );
    assert_eq!(mailx.comment, ["No thanks, I'm too busy this month."]);
}

#[test]
fn our_subject_with_reply_prefixes_is_not_read() {
    let mut own = OwnWords::new();
    own.add_subject("[game1] Re: pass game1");
    let parsed = parse_reply("Re: [game1] Re: pass game1", "c3", &own);
    let (commands, _) = summary(&parsed);
    assert_eq!(commands, ["c3"]);
    let fresh = parse_reply("pass game1", "", &own);
    assert!(fresh.commands.is_empty());
    let unrelated = parse_reply("pass game2", "", &own);
    assert_eq!(summary(&unrelated).0, ["pass game2"]);
    assert_eq!(summary(&parse_mail("Re: pass game1", "")).0, ["pass game1"]);
}

#[test]
fn a_reply_subject_that_is_no_command_is_words_not_a_refusal() {
    let parsed = parse_mail(
        "Re: [game1] Challenge from bob",
        "Sorry, no time this month.",
    );
    assert!(parsed.commands.is_empty(), "{:?}", parsed.commands);
    assert_eq!(parsed.comment, ["Sorry, no time this month."]);
    // A bad command in a reply's Subject was answered when it first came.
    let again = parse_mail("Re: [game1] move game1 z99", "Sorry, no time.");
    assert!(again.commands.is_empty(), "{:?}", again.commands);
    // Without a reply prefix the same Subject is refused, as any line.
    let fresh = parse_mail("[game1] move game1 z99", "Sorry, no time.");
    assert_eq!(fresh.commands.len(), 1);
    assert!(fresh.commands[0].parsed.is_err());
    // A reply prefix does not stop a Subject that is a command.
    assert_eq!(summary(&parse_mail("Re: pass game1", "")).0, ["pass game1"]);
}

#[test]
fn a_lone_line_equal_to_ours_is_the_players() {
    let own = ours();
    let parsed = parse_reply(
        "Re: [game1] Challenge from bob",
        "accept game1\n\nSee you on the board!",
        &own,
    );
    assert_eq!(
        summary(&parsed),
        (
            vec!["accept game1".to_string()],
            vec!["See you on the board!".to_string()]
        )
    );
    let indented = parse_reply("Hi", "\taccept game1\nThat was your line.", &own);
    assert!(indented.commands.is_empty(), "{indented:?}");
}

#[test]
fn our_mail_pasted_unquoted_is_not_read() {
    let own = ours();
    let mail = inbound::parse(&raw("ours-your-move.eml")).unwrap();
    for header in ["", "I am away until Monday.\n\n"] {
        let body = format!("{header}{}", mail.text);
        let parsed = parse_reply("Out of office", &body, &own);
        assert!(parsed.commands.is_empty(), "{parsed:?}");
        let expected: Vec<String> = header
            .lines()
            .filter(|l| !l.is_empty())
            .map(String::from)
            .collect();
        assert_eq!(parsed.comment, expected);
    }
}

#[test]
fn strict_attribution_before_an_unquoted_original_ends_the_text() {
    let bodies = [
        "c5\n\npbmgo <games@pbmgo.example> schrieb am 05.12.2026 10:06:00:\n\nmove game1 A1#5\n",
        "c5\n\nOn Sat, Dec 5, 2026 at 10:06 AM pbmgo <games@pbmgo.example> wrote:\nmove game1 A1#5\n",
        "c5\n-----Original Message-----\nFrom: pbmgo\nSent: today\n\nmove game1 A1#5\n",
        "c5\n-------- Messaggio originale --------\nDa: pbmgo\nData: oggi\nOggetto: x\nmove game1 A1#5\n",
        "c5\n\nVon: pbmgo <games@pbmgo.example>\nGesendet: Samstag\nAn: alice\nBetreff: x\n\nmove game1 A1#5",
    ];
    for body in bodies {
        let parsed = parse_mail("[game1] x", body);
        assert_eq!(summary(&parsed), (vec!["c5".to_string()], vec![]), "{body}");
    }
}

#[test]
fn separators_above_a_quote_only_introduce_it() {
    let body =
        "-----Original Message-----\nFrom: pbmgo\nSent: today\n\n> move game1 A1#5\n\nc5\nok?";
    let parsed = parse_mail("[game1] x", body);
    assert_eq!(
        summary(&parsed),
        (vec!["c5".to_string()], vec!["ok?".to_string()])
    );
    let weak = parse_mail("", "Alice wrote:\nmove game1 c5");
    assert_eq!(
        summary(&weak),
        (
            vec!["move game1 c5".to_string()],
            vec!["Alice wrote:".to_string()]
        )
    );
}
