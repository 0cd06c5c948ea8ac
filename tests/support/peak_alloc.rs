//! A counting global allocator that tracks the peak of live heap bytes, for tests that bound
//! memory. Including this module installs it for the whole test binary, so such a binary must
//! hold one test function only: the counts cover every thread of the process.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};

struct Counting;

static CURRENT: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

// SAFETY: every call is forwarded unchanged to the system allocator; the counters are atomics
// that never allocate.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let now = CURRENT.fetch_add(layout.size(), Relaxed) + layout.size();
        PEAK.fetch_max(now, Relaxed);
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        CURRENT.fetch_sub(layout.size(), Relaxed);
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // counted as the old and the new block both alive, as they are while copying
        let now = CURRENT.fetch_add(new_size, Relaxed) + new_size;
        PEAK.fetch_max(now, Relaxed);
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        CURRENT.fetch_sub(layout.size(), Relaxed);
        p
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// Measures from the moment it starts: the peak and the live heap bytes beyond what was live then.
pub struct Meter {
    base: usize,
}

impl Meter {
    /// Starts measuring (and resets the peak to what is live now).
    pub fn start() -> Meter {
        let base = CURRENT.load(Relaxed);
        PEAK.store(base, Relaxed);
        Meter { base }
    }

    /// The most bytes held at once since the start, beyond what was live then.
    pub fn peak(&self) -> usize {
        PEAK.load(Relaxed).saturating_sub(self.base)
    }

    /// The bytes live now beyond what was live at the start.
    #[allow(dead_code)] // not every including test binary needs it
    pub fn live(&self) -> usize {
        CURRENT.load(Relaxed).saturating_sub(self.base)
    }
}

/// The most memory `f` holds at once beyond what was allocated before it ran.
#[allow(dead_code)] // not every including test binary needs it
pub fn peak_during<T>(f: impl FnOnce() -> T) -> (T, usize) {
    let meter = Meter::start();
    let out = f();
    (out, meter.peak())
}
