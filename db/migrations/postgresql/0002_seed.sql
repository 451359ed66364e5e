-- Seeds (docs/spec/decisions.md 6, 9): the languages, the achievements, the categories.
INSERT INTO languages (id, short_en, titel_de, titel_en, titel_sv, status, greeting) VALUES
    (1, 'de', 'Deutsch', 'German', 'Tyska', 'published', 'Hallo!'),
    (2, 'en', 'Englisch', 'English', 'Engelska', 'published', 'Hello!'),
    (3, 'sv', 'Schwedisch', 'Swedish', 'Svenska', 'published', 'Hej!');
SELECT setval(pg_get_serial_sequence('languages', 'id'), 3);

INSERT INTO achievements (id, kind, threshold, title_de, title_en, title_sv, sort_order) VALUES
    ('first_steps', 'ep', 20, 'Erste Schritte', 'First steps', 'Första stegen', 1),
    ('ep_100', 'ep', 100, 'Fleißig', 'Hard worker', 'Flitig', 2),
    ('ep_500', 'ep', 500, 'Ausdauernd', 'Persistent', 'Uthållig', 3),
    ('ep_1000', 'ep', 1000, 'Wortschatz-Profi', 'Vocabulary pro', 'Ordförrådsproffs', 4),
    ('ep_5000', 'ep', 5000, 'Meister', 'Master', 'Mästare', 5),
    ('streak_3', 'streak', 3, 'Drei Tage am Stück', 'Three days in a row', 'Tre dagar i rad', 6),
    ('streak_7', 'streak', 7, 'Eine Woche', 'One week', 'En vecka', 7),
    ('streak_30', 'streak', 30, 'Ein Monat', 'One month', 'En månad', 8),
    ('streak_100', 'streak', 100, 'Hundert Tage', 'One hundred days', 'Hundra dagar', 9),
    ('streak_365', 'streak', 365, 'Ein Jahr', 'One year', 'Ett år', 10);

INSERT INTO categories (titel_de) VALUES
    ('Tiere'), ('Essen'), ('Farben'), ('Familie'), ('Haus'), ('Kleidung'),
    ('Natur'), ('Verkehr'), ('Körper'), ('Berufe'), ('Zahlen'), ('Zeit');
