//! The module's allocator. Every part but counting allocates with talc: the first module is what
//! a blog post's board fetches before its first tour, and talc is 1.5 KB (gzipped) of it smaller
//! than the standard library's dlmalloc, and as fast for a search, which allocates when a run is
//! made and as its timeline grows, never per step. Counting keeps dlmalloc: its tables of
//! gigabytes are asked for zeroed, and dlmalloc hands out the fresh memory it grows as it comes,
//! zero already, where talc would write every byte of it (`alloc_zeroed`).
//!
//! A build with the `count-allocations` feature (the page's e2e tests) counts what the
//! allocator holds: the bytes allocated and not yet freed. The memory of a WebAssembly module
//! only grows, to the most it ever needed at once, so its size cannot tell a leak from a long
//! run; this count can. The reliability soak reads it between runs (`liveBytes()`), where it must
//! come back to the same figure every time. The count costs two atomic additions an allocation,
//! which no other build needs; it counts over the same allocator the part ships with.

#[cfg(feature = "count")]
use std::alloc::System as Base;
#[cfg(not(feature = "count"))]
type Base = talc::wasm::WasmDynamicTalc;

/// The allocator, the global one unless its allocations are counted.
#[cfg(feature = "count")]
#[cfg_attr(not(feature = "count-allocations"), global_allocator)]
static BASE: Base = Base;
#[cfg(not(feature = "count"))]
#[cfg_attr(not(feature = "count-allocations"), global_allocator)]
static BASE: Base = talc::wasm::new_wasm_dynamic_allocator();

#[cfg(feature = "count-allocations")]
mod counting {
    use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};

    use wasm_bindgen::prelude::*;

    use std::alloc::{GlobalAlloc, Layout};

    use super::BASE;

    struct Counting;

    static LIVE: AtomicUsize = AtomicUsize::new(0);

    // SAFETY: every call goes to the allocator unchanged; only the count is added.
    unsafe impl GlobalAlloc for Counting {
        unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
            counted(BASE.alloc(layout), layout.size())
        }

        unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
            counted(BASE.alloc_zeroed(layout), layout.size())
        }

        unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
            BASE.dealloc(ptr, layout);
            LIVE.fetch_sub(layout.size(), Relaxed);
        }

        unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
            let moved = BASE.realloc(ptr, layout, new_size);
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
}
