//! Ray multicast obscurity propagation.
