//! Running a call that must not wait forever.

use std::time::Duration;

/// `f()`'s result, if it comes within `limit`; else the test fails there, naming `what`. For
/// calls whose bug is to wait forever (opening a named pipe): a regression fails the test
/// instead of hanging the run. (The call is left running on its thread; the test process ends
/// without it.)
pub fn within<T: Send + 'static>(limit: Duration, what: &str, f: impl FnOnce() -> T + Send + 'static) -> T {
    let (send, receive) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = send.send(f());
    });
    receive.recv_timeout(limit).unwrap_or_else(|_| panic!("{what} did not return within {limit:?}"))
}
