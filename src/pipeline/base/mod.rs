//! The first layer: what every step of a message shares. Its failures
//! and refusals (`error`), the server's settings, the per-message
//! environment and the message itself (`context`), where the mail it
//! queues goes (`sink`, which paints the pictures of a mail where it is
//! rendered: `painting`), the argon2 work done before its transaction
//! (`passwords`), reply tokens (`tokens`), the value of a letter to a
//! player (`letter`), and the words: small pieces many mails share
//! (`phrases`) and every sentence a player reads outside the templates
//! (`wording`, one snapshot test over all of them).
//!
//! Imports nothing else of the pipeline.

pub(in crate::pipeline) mod context;
pub(in crate::pipeline) mod error;
pub(in crate::pipeline) mod letter;
pub(crate) mod painting;
pub(in crate::pipeline) mod passwords;
pub(in crate::pipeline) mod phrases;
pub(crate) mod sink;
pub(crate) mod tokens;
pub(in crate::pipeline) mod wording;
