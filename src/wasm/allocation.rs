//! The module's allocator, counting what it holds: the bytes allocated and not yet freed. The
//! memory of a WebAssembly module only grows, to the most it ever needed at once, so its size
//! cannot tell a leak from a long run; this count can. The reliability soak reads it between
//! runs (`liveBytes()`), where it must come back to the same figure every time.
//!
//! Only in a build with the `count-allocations` feature: the count costs two atomic additions
//! an allocation, which no other build needs.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};

use wasm_bindgen::prelude::*;

struct Counting;

static LIVE: AtomicUsize = AtomicUsize::new(0);

// SAFETY: every call goes to the system allocator unchanged; only the count is added.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        counted(System.alloc(layout), layout.size())
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        counted(System.alloc_zeroed(layout), layout.size())
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        System.dealloc(ptr, layout);
        LIVE.fetch_sub(layout.size(), Relaxed);
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let moved = System.realloc(ptr, layout, new_size);
        if !moved.is_null() {
            LIVE.fetch_sub(layout.size(), Relaxed);
            LIVE.fetch_add(new_size, Relaxed);
        }
        moved
    }
}

fn counted(ptr: *mut u8, size: usize) -> *mut u8 {
    if !ptr.is_null() {
        LIVE.fetch_add(size, Relaxed);
    }
    ptr
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// The bytes the module holds allocated now.
#[wasm_bindgen(js_name = liveBytes)]
pub fn live_bytes() -> f64 {
    LIVE.load(Relaxed) as f64
}
