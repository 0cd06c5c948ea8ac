//! The message log: what happened, turn by turn.

use serde::{Deserialize, Serialize};

/// One line of the log, stamped with the turn it happened on.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Message {
    /// The turn it belongs to: for what happened during a turn (the player's action and the
    /// monsters' replies alike), [`crate::game::GameState::turn`] once that turn is over; for the
    /// reason an action was refused (no turn passes), the turn as it stands. 0 for the welcome.
    pub turn: u64,
    /// One sentence, ready to print.
    pub text: String,
    /// The ids of the monsters it is about, sorted, when the player sees them (the monster that
    /// hits, or is hit; the monsters a sighting names); empty when it is about none, or about
    /// one the player does not see (which would tell apart what the player cannot). The screens
    /// count a message repeated in a row as one only when it is about the same monsters: two
    /// archers seen one after the other are two sightings, not one seen twice (QA).
    ///
    /// Left out of a save when empty, and read as empty when missing: a save written before
    /// the field loads as it did, its messages counted by their text alone, and a build from
    /// before it skips the field. Either way the save reads, so the field did not need a new
    /// [`crate::game::save::SAVE_FORMAT`].
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub about: Vec<u32>,
}

/// Every message of the game, oldest first. Kept whole (the history view shows it all, and a
/// save carries it).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Log {
    messages: Vec<Message>,
}

impl Log {
    /// Appends a message stamped with `turn`. The game logs through this; nothing of a turn
    /// that has ended is ever changed or removed.
    ///
    /// ```
    /// use sightline::game::Log;
    /// let mut log = Log::default();
    /// log.push(0, "Welcome.");
    /// log.push(3, "You see a rat.");
    /// log.push(4, "You hit the rat.");
    /// assert_eq!(log.len(), 3);
    /// let recent: Vec<&str> = log.recent(2).iter().map(|m| m.text.as_str()).collect();
    /// assert_eq!(recent, ["You see a rat.", "You hit the rat."]);
    /// assert_eq!(log.recent(10).len(), 3); // asking for more than there is gives them all
    /// ```
    pub fn push(&mut self, turn: u64, text: impl Into<String>) {
        self.push_about(turn, text, Vec::new());
    }

    /// [`Log::push`] for a message about the monsters `about` (see [`Message::about`]).
    pub(crate) fn push_about(&mut self, turn: u64, text: impl Into<String>, mut about: Vec<u32>) {
        about.sort_unstable();
        self.messages.push(Message { turn, text: text.into(), about });
    }

    /// Stamps the messages from index `first` on with `turn`: the player's own messages are
    /// logged before the turn counter moves on, and join the turn their action took once it
    /// has.
    pub(crate) fn restamp_from(&mut self, first: usize, turn: u64) {
        for m in self.messages.iter_mut().skip(first) {
            m.turn = turn;
        }
    }

    /// Replaces the text of message `index`, and the monsters it is about: for a message of the
    /// turn being played, settled before the turn ends (a sighting whose monsters moved on).
    pub(crate) fn rewrite(&mut self, index: usize, text: String, mut about: Vec<u32>) {
        about.sort_unstable();
        let m = &mut self.messages[index];
        (m.text, m.about) = (text, about);
    }

    /// Adds `text` to the end of the last message: a consequence told in the same line.
    pub(crate) fn append_to_last(&mut self, text: &str) {
        if let Some(last) = self.messages.last_mut() {
            last.text.push_str(text);
        }
    }

    /// Removes message `index`: only for a message of the turn being played, taken back before
    /// the turn ends (a sighting all of whose monsters moved out of view again).
    pub(crate) fn retract(&mut self, index: usize) {
        self.messages.remove(index);
    }

    /// Every message, oldest first.
    pub fn messages(&self) -> &[Message] {
        &self.messages
    }

    /// The last `n` messages, oldest first.
    pub fn recent(&self, n: usize) -> &[Message] {
        &self.messages[self.messages.len().saturating_sub(n)..]
    }

    /// How many messages there are.
    pub fn len(&self) -> usize {
        self.messages.len()
    }

    /// Whether nothing was logged (never the case in a started game: it logs a welcome).
    pub fn is_empty(&self) -> bool {
        self.messages.is_empty()
    }
}
