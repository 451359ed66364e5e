-- The review log without foreign keys. Each booking appends a line, and PostgreSQL checks a
-- foreign key on insert by locking the referenced row (SELECT ... FOR KEY SHARE): every booking
-- locked its learner's users row, a write of that row's page and its WAL, and the one languages
-- row every booking of the language shares. Booking throughput went from 0.68 to 0.77 of the
-- build before the memory model (docs/performance.md "The learning engine"). What the keys
-- gave is kept otherwise: the account's removal deletes its lines itself
-- (db/queries/learner_data.sql), and the booking writes a line only with the language its
-- profile holds (languages are a fixed catalogue, never removed).
ALTER TABLE review_log DROP CONSTRAINT review_log_user_id_fkey;
ALTER TABLE review_log DROP CONSTRAINT review_log_language_id_fkey;
