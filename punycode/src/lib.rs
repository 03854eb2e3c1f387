//! RFC 3492 Bootstring and Punycode (placeholder, being written).
#![no_std]
