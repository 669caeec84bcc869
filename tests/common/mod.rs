//! What the tests share.

pub mod chromium;
pub mod clock_mail;
pub mod harness;
pub mod home;
pub mod html_check;
pub mod imap_cut;
pub mod ko_cases;
pub mod layers;
pub mod lifecycle;
pub mod lines;
pub mod made_games;
pub mod mailstack;
pub mod oracle;
pub mod pbmgo_home;
pub mod rng;
pub mod signatures;
pub mod smtp_sink;
pub mod source;
pub mod stack_home;
