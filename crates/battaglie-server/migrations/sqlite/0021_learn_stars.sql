-- The stars an account won in the lessons (learn to play): the best of each stage.
-- The server checks every lesson id and stage number against the lessons of its
-- build, and keeps a row only for a stage that exists, with 1 to 3 stars.
CREATE TABLE learn_stars (
    user_id    TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    lesson     TEXT NOT NULL,
    stage      BIGINT NOT NULL,
    stars      BIGINT NOT NULL CHECK (stars BETWEEN 1 AND 3),
    updated_at BIGINT NOT NULL,
    PRIMARY KEY (user_id, lesson, stage)
);
