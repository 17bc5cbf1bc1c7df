//! `GET /api/learn/lessons/{lang}`: every lesson with its stages, its texts in one
//! language (the JSON of `battaglie learn --json` with one language), the same bytes
//! for the life of a build.

use std::sync::LazyLock;

use axum::body::Bytes;
use axum::extract::Path;
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use battaglie_learn::{lessons, lessons_json_in, Lang};

use super::refusal::LearnError;
use crate::http::web::{etag, not_modified};
use crate::http::{Choice, Error};

/// Each language's lessons and their tag (weak: the answer may be compressed).
static LESSONS: LazyLock<Vec<(Lang, Bytes, String)>> = LazyLock::new(|| {
    Lang::ALL
        .into_iter()
        .map(|lang| {
            let body = Bytes::from(lessons_json_in(lessons(), lang).to_string());
            let tag = format!("W/{}", etag(&body));
            (lang, body, tag)
        })
        .collect()
});

/// The lessons in `lang`; browsers keep them and ask again with the tag (a 304).
pub(super) async fn in_language(Path(code): Path<String>, headers: HeaderMap) -> Response {
    let Some((_, body, tag)) = LESSONS.iter().find(|(l, _, _)| l.code() == code) else {
        let codes: Vec<&str> = Lang::ALL.iter().map(|l| l.code()).collect();
        return Error::from(LearnError::NoSuchLanguage(Choice::new(
            "lang", &code, &codes,
        )))
        .into_response();
    };
    let validators = [
        (header::CACHE_CONTROL, "no-cache"),
        (header::ETAG, tag.as_str()),
    ];
    if not_modified(&headers, tag) {
        return (StatusCode::NOT_MODIFIED, validators).into_response();
    }
    (
        validators,
        [(header::CONTENT_TYPE, "application/json")],
        body.clone(),
    )
        .into_response()
}
