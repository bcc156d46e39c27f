//! The arena DOM: nodes indexed by `NodeId`.
