/**
 * The statement triggers that make a list's rows immutable once the list is published (the initial schema's
 * functions `rating_list_rows_guard_published` and `rating_lists_guard_truncate`), as every table of a list's rows
 * has them. PostgreSQL allows transition tables only on single-event triggers, hence three per table, plus one for
 * TRUNCATE. The migrations that make such a table again recreate them from here; a change to the guards is a new
 * migration, never an edit of this list.
 */
export const listRowGuards = (table: string): string[] => [
  `CREATE TRIGGER guard_published_insert AFTER INSERT ON ${table}
     REFERENCING NEW TABLE AS new_rows
     FOR EACH STATEMENT EXECUTE FUNCTION rating_list_rows_guard_published()`,
  `CREATE TRIGGER guard_published_update AFTER UPDATE ON ${table}
     REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
     FOR EACH STATEMENT EXECUTE FUNCTION rating_list_rows_guard_published()`,
  `CREATE TRIGGER guard_published_delete AFTER DELETE ON ${table}
     REFERENCING OLD TABLE AS old_rows
     FOR EACH STATEMENT EXECUTE FUNCTION rating_list_rows_guard_published()`,
  `CREATE TRIGGER guard_published_truncate BEFORE TRUNCATE ON ${table}
     FOR EACH STATEMENT EXECUTE FUNCTION rating_lists_guard_truncate()`,
];
