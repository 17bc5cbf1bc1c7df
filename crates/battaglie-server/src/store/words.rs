//! Kinds stored as words (a side, a state, a channel): read back into their
//! enums, a word the server does not know an error that names its column.

use std::str::FromStr;

use sqlx::Row;

use super::StoreError;

/// `word`, stored in `column`, as the kind it names.
///
/// # Errors
/// A decode error naming the column and the word, when it names none.
pub(crate) fn parse_word<K: FromStr>(column: &str, word: &str) -> Result<K, StoreError> {
    word.parse().map_err(|_| {
        sqlx::Error::Decode(format!("{column}: {word:?} is not a word the server knows").into())
            .into()
    })
}

/// The kind stored as a word in `column` of `row`.
///
/// # Errors
/// A column that does not read, or a word that names no kind.
pub(crate) fn word_in<'r, R, K>(row: &'r R, column: &'static str) -> Result<K, StoreError>
where
    R: Row,
    &'static str: sqlx::ColumnIndex<R>,
    String: sqlx::Decode<'r, R::Database> + sqlx::Type<R::Database>,
    K: FromStr,
{
    let word: String = row.try_get(column)?;
    parse_word(column, &word)
}

/// The kind stored as a word in `column` of `row`, if any.
///
/// # Errors
/// As [`word_in`].
pub(crate) fn optional_word_in<'r, R, K>(
    row: &'r R,
    column: &'static str,
) -> Result<Option<K>, StoreError>
where
    R: Row,
    &'static str: sqlx::ColumnIndex<R>,
    String: sqlx::Decode<'r, R::Database> + sqlx::Type<R::Database>,
    K: FromStr,
{
    let word: Option<String> = row.try_get(column)?;
    word.map(|w| parse_word(column, &w)).transpose()
}
