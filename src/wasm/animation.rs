//! The animated exports: [`Gif`], a run made into an animated GIF, a slice at a time, for a Web
//! Worker (the core's [`Animation`] translated, its file handed out as bytes); and a WebM
//! recording given its length ([`webm_with_duration`]).

use wasm_bindgen::prelude::*;

use super::{clock, error, from_js, setup};
use crate::draw::animation::{Animation, AnimationColours};
use crate::draw::webm;
use crate::search::clock::within;
use crate::Square;

/// The WebM recording `bytes` with its Duration, `duration_ms` milliseconds, written in (see
/// `webm.rs`): a recorder cannot know it up front. Throws why a file was left as it was.
#[wasm_bindgen(js_name = webmWithDuration)]
pub fn webm_with_duration(bytes: &[u8], duration_ms: f64) -> Result<Vec<u8>, JsError> {
    webm::with_duration(bytes, duration_ms).map_err(error)
}

#[wasm_bindgen]
pub struct Gif {
    animation: Animation,
    bytes: Option<Vec<u8>>,
}

#[wasm_bindgen]
impl Gif {
    /// The run of `settings` (as for a `Tour`) from its start to event `events`, in `colours`
    /// (`{light, dark, from, to, accent, knight, halo, backtrack, surface, ink}`, each
    /// `[r, g, b]`); throws the core's message where there is nothing to make.
    #[wasm_bindgen(constructor)]
    pub fn new(settings: JsValue, events: f64, colours: JsValue) -> Result<Gif, JsError> {
        let colours: AnimationColours = from_js(&colours)?;
        // `as` saturates: a negative or non-finite count is 0, which the core refuses in words.
        let animation = Animation::new(setup(settings)?, events as u64, &colours).map_err(error)?;
        Ok(Gif { animation, bytes: None })
    }

    /// A game played by hand on the board of `settings`: `path`, its squares from the start, a
    /// move a frame, in `colours` (as `new`'s); throws where the squares are no knight's path.
    pub fn played(settings: JsValue, path: Vec<u32>, colours: JsValue) -> Result<Gif, JsError> {
        let colours: AnimationColours = from_js(&colours)?;
        let path = path.into_iter().map(Square).collect();
        let animation = Animation::played(setup(settings)?.board, path, &colours).map_err(error)?;
        Ok(Gif { animation, bytes: None })
    }

    /// Works for about `budget_ms` milliseconds; returns true once the file is made.
    pub fn run(&mut self, budget_ms: f64) -> Result<bool, JsError> {
        let mut failure = None;
        let animation = &mut self.animation;
        let done = within(budget_ms, &mut clock(), || {
            animation.step().unwrap_or_else(|problem| {
                failure = Some(problem);
                true
            })
        });
        if let Some(problem) = failure {
            return Err(error(problem));
        }
        if done && self.bytes.is_none() {
            self.bytes = self.animation.finish().map_err(error)?;
        }
        Ok(done)
    }

    /// The share of the work done, from 0 to 1.
    #[wasm_bindgen(getter)]
    pub fn fraction(&self) -> f64 {
        self.animation.fraction()
    }

    #[wasm_bindgen(getter)]
    pub fn width(&self) -> u32 {
        self.animation.geometry().width
    }

    #[wasm_bindgen(getter)]
    pub fn height(&self) -> u32 {
        self.animation.geometry().height
    }

    /// Frames planned (a frame that changes nothing lengthens the one before instead).
    #[wasm_bindgen(getter)]
    pub fn frames(&self) -> u32 {
        self.animation.plan().frames()
    }

    /// The GIF once `run` has said it is made (a copy), then `undefined`: it is handed out once.
    pub fn take(&mut self) -> Option<Vec<u8>> {
        self.bytes.take()
    }
}
