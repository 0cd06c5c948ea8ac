//! The slow obvious field of view, straight from the contract.
