//! Signups the address must confirm (`[server] signup = "confirm"`, the
//! default): `signup NAME` makes no player but one confirmation mail whose
//! Reply-To carries a code; a reply to that address from the same address
//! that says `confirm` makes the player and brings the welcome (a reply of
//! other words confirms nothing: `trust`). A
//! forger cannot sign up someone else's address, floods are bounded by the
//! daily caps, and `open` and `closed` work as their names say.
//! In-process, on the pipeline harness.

use crate::common::clock_mail::at;
use crate::common::harness::Harness;
use crate::common::home::Home;
use crate::common::html_check;
use crate::common::pbmgo_home::{OutMail, mail};

const SERVER: &str = "pbmgo@pbmgo.example";

/// A home in `mode` with `extra` config lines of `[limits]`.
fn home(mode: &str, limits: &str) -> Harness {
    Harness::from_config(&format!(
        "[server]\naddress = \"{SERVER}\"\nname = \"pbmgo\"\nsignup = \"{mode}\"\n\n\
         [limits]\n{limits}\n"
    ))
}

/// Mails `body` from `from` at `hours` after the start.
fn send(h: &Harness, from: &str, body: &str, hours: f64) {
    h.drop_mail(&mail(from, "hello", body).bytes());
    h.poll_at(&at(hours));
}

/// Replies from `from` to the confirmation `c`, as a mail client does: to
/// its Reply-To, quoting it, with the word `confirm` above the quote.
fn confirm(h: &Harness, from: &str, c: &OutMail, hours: f64) {
    let to = c.header("Reply-To").expect("a Reply-To with the code");
    let quoted: String = c.text.lines().map(|l| format!("> {l}\n")).collect();
    let body = format!("confirm\n\nOn Sunday, pbmgo wrote:\n{quoted}");
    let m = mail(from, &format!("Re: {}", c.subject), &body)
        .header("To", to)
        .reply_to(c.message_id());
    h.drop_mail(&m.bytes());
    h.poll_at(&at(hours));
}

fn confirmation(h: &Harness, to: &str) -> OutMail {
    h.sent_to(to)
        .into_iter()
        .rfind(|m| m.kind() == "signup-confirm")
        .unwrap_or_else(|| panic!("no confirmation to {to}"))
}

#[test]
fn a_signup_becomes_a_player_only_when_its_address_answers() {
    let h = home("confirm", "");
    send(&h, "dave@example.net", "signup dave\nplayers", 0.0);
    assert!(h.players().is_empty(), "no player before the confirmation");
    let mails = h.sent_to("dave@example.net");
    assert_eq!(mails.len(), 1, "one mail: the confirmation");
    let c = &mails[0];
    assert_eq!(c.kind(), "signup-confirm");
    let reply_to = c.header("Reply-To").unwrap();
    assert!(reply_to.contains("<pbmgo+join-"), "{reply_to}");
    assert!(
        c.flat().contains("as dave from dave@example.net")
            && c.flat().contains("reply to this mail"),
        "{}",
        c.text
    );
    assert!(html_check::problems(c.html.as_deref().unwrap()).is_empty());
    confirm(&h, "Dave <dave@example.net>", c, 1.0);
    assert_eq!(h.players(), ["dave"]);
    let welcome = h.sent_to("dave@example.net").pop().unwrap();
    assert_eq!(welcome.results(), [("signup dave".into(), "ok".into())]);
    assert!(
        welcome.flat().contains("Welcome to pbmgo, dave!"),
        "{}",
        welcome.text
    );
    // The code is used up: a second reply confirms nothing more.
    confirm(&h, "dave@example.net", c, 2.0);
    assert_eq!(h.players(), ["dave"]);
}

#[test]
fn a_forger_cannot_confirm_nor_reach_past_the_caps() {
    let h = home("confirm", "unknown_sender_replies_per_day = 3");
    // Twenty signup mails forged as the victim: at most the daily cap of
    // mails reach the victim, and no player exists.
    for i in 0..20 {
        send(
            &h,
            "victim@example.org",
            &format!("signup mallory{}", i % 2),
            f64::from(i) / 60.0,
        );
    }
    let to_victim = h.sent_to("victim@example.org");
    assert!(to_victim.len() <= 3, "{} mails", to_victim.len());
    assert!(h.players().is_empty());
    // The forger, replying from elsewhere to the code's address, confirms nothing.
    let c = confirmation(&h, "victim@example.org");
    confirm(&h, "mallory@evil.example", &c, 1.0);
    assert!(h.players().is_empty());
    // An expired confirmation confirms nothing either.
    confirm(&h, "victim@example.org", &c, 49.0);
    assert!(h.players().is_empty());
    let refused = h.sent_to("victim@example.org").pop().unwrap();
    assert_eq!(refused.rejected(), ["signup-expired"], "{}", refused.text);
}

#[test]
fn the_daily_cap_bounds_the_mail_of_many_signups() {
    let h = home("confirm", "signups_per_day = 50");
    for i in 0..300 {
        let from = format!("user{i}@example.com");
        h.drop_mail(&mail(&from, "join", &format!("signup user{i}")).bytes());
    }
    h.poll_at(&at(0.0));
    let confirmations = h
        .sent()
        .iter()
        .filter(|m| m.kind() == "signup-confirm")
        .count();
    assert_eq!(confirmations, 50);
    assert_eq!(h.sent().len(), 50, "nothing else went out");
    assert!(h.players().is_empty());
    // The next day the cap allows 50 more.
    h.drop_mail(&mail("late@example.com", "join", "signup late").bytes());
    h.poll_at(&at(25.0));
    assert_eq!(
        confirmation(&h, "late@example.com").kind(),
        "signup-confirm"
    );
}

#[test]
fn open_signs_up_at_once_and_closed_refuses() {
    let open = home("open", "");
    send(&open, "erin@example.net", "signup erin", 0.0);
    assert_eq!(open.players(), ["erin"]);
    let closed = home("closed", "");
    send(&closed, "erin@example.net", "signup erin", 0.0);
    assert!(closed.players().is_empty());
    let reply = closed.sent_to("erin@example.net").pop().unwrap();
    assert_eq!(reply.rejected(), ["signup-closed"]);
}

#[test]
fn a_bad_or_taken_name_is_refused_without_a_confirmation() {
    let h = home("confirm", "");
    h.player("alice", "alice@example.org");
    send(&h, "eve@example.net", "signup alice", 0.0);
    send(&h, "eve@example.net", "signup x", 0.1);
    let kinds: Vec<String> = h
        .sent_to("eve@example.net")
        .iter()
        .map(|m| m.kind().to_string())
        .collect();
    assert_eq!(kinds, ["reply", "reply"]);
    let sent = h.sent_to("eve@example.net");
    let codes: Vec<Vec<&str>> = sent.iter().map(|m| m.rejected()).collect();
    assert_eq!(codes, [vec!["name-taken"], vec!["bad-name"]]);
}
