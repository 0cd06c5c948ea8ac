//! The message log: what happened, turn by turn.

use serde::{Deserialize, Serialize};

/// One line of the log, stamped with the turn it happened on.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Message {
    pub turn: u64,
    pub text: String,
}

/// Every message of the game, oldest first. Kept whole (the history view shows it all, and a
/// save carries it).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Log {
    messages: Vec<Message>,
}

impl Log {
    pub fn push(&mut self, turn: u64, text: impl Into<String>) {
        self.messages.push(Message { turn, text: text.into() });
    }

    pub fn messages(&self) -> &[Message] {
        &self.messages
    }

    /// The last `n` messages, oldest first.
    pub fn recent(&self, n: usize) -> &[Message] {
        &self.messages[self.messages.len().saturating_sub(n)..]
    }

    pub fn len(&self) -> usize {
        self.messages.len()
    }

    pub fn is_empty(&self) -> bool {
        self.messages.is_empty()
    }
}
