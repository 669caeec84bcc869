//! The fourth layer: building mail and queueing it in the outbox. The one
//! way a mail goes in (`outgoing`: its token, envelope and the pictures of
//! the boards it shows, `pictures`), which limit it counts against
//! (`pace`), the one Subject of a game's mails (`shape`), letters to
//! players (`letters`), merging what the hourly limit held back (`held`),
//! one mail per player per message (`bundle`), a player's words carried to
//! the others (`carry`), the replies a message causes (`replies`) and the
//! daily cap on mail to addresses of no player (`backscatter`).

pub(in crate::pipeline) mod backscatter;
pub(in crate::pipeline) mod bundle;
pub(in crate::pipeline) mod carry;
pub(in crate::pipeline) mod held;
pub(in crate::pipeline) mod letters;
pub(in crate::pipeline) mod outgoing;
pub(crate) mod pace;
pub(in crate::pipeline) mod pictures;
pub(in crate::pipeline) mod replies;
pub(in crate::pipeline) mod shape;
