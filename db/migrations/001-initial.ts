// The first schema: content with translations beside each entity, contact messages, device counts.
import { sql, type Kysely } from "kysely";

type Dialect = "sqlite" | "postgres";

export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const id = dialect === "postgres" ? "serial" : "integer";
  const withId = (name: string) =>
    db.schema.createTable(name).addColumn("id", id, (c) => (dialect === "sqlite" ? c.primaryKey().autoIncrement() : c.primaryKey()));
  const float = sql`double precision`;

  await db.schema
    .createTable("languages")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("code", "text", (c) => c.notNull().unique())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull())
    .execute();

  // Translatable entities share a shape: a row with a slug, and one row per language beside it.
  const entity = async (table: string, translations: string, fk: string, build: (t: any) => any, fields: string[]) => {
    await build(withId(table).addColumn("slug", "text", (c) => c.notNull().unique()))
      .addColumn("position", "integer", (c: any) => c.notNull().defaultTo(0))
      .addColumn("updated_at", "text", (c: any) => c.notNull())
      .execute();
    let t = db.schema
      .createTable(translations)
      .addColumn(fk, "integer", (c) => c.notNull().references(`${table}.id`).onDelete("cascade"))
      .addColumn("language", "text", (c) => c.notNull().references("languages.code"));
    for (const f of fields) t = t.addColumn(f, "text", (c) => c.notNull().defaultTo(""));
    await t.addPrimaryKeyConstraint(`${fk}_language_pk`, [fk, "language"]).execute();
  };

  await entity("categories", "category_translations", "category_id", (t) => t.addColumn("kind", "integer", (c: any) => c.notNull()), [
    "name",
    "description",
  ]);
  await entity(
    "cities",
    "city_translations",
    "city_id",
    (t) =>
      t
        .addColumn("lat", float, (c: any) => c.notNull())
        .addColumn("lng", float, (c: any) => c.notNull())
        .addColumn("radius_km", float, (c: any) => c.notNull()),
    ["name", "description", "aliases"],
  );
  await entity("service_types", "service_type_translations", "service_type_id", (t) => t, ["name", "description"]);
  await entity(
    "places",
    "place_translations",
    "place_id",
    (t) =>
      t
        .addColumn("kind", "text", (c: any) => c.notNull())
        .addColumn("category_id", "integer", (c: any) => c.notNull().references("categories.id"))
        .addColumn("city_id", "integer", (c: any) => c.notNull().references("cities.id"))
        .addColumn("service_type_id", "integer", (c: any) => c.references("service_types.id"))
        .addColumn("star", "integer")
        .addColumn("featured", "integer", (c: any) => c.notNull().defaultTo(0))
        .addColumn("unesco", "integer", (c: any) => c.notNull().defaultTo(0))
        .addColumn("popularity", "integer", (c: any) => c.notNull().defaultTo(50))
        .addColumn("lat", float, (c: any) => c.notNull())
        .addColumn("lng", float, (c: any) => c.notNull())
        .addColumn("created_at", "text", (c: any) => c.notNull()),
    ["name", "summary", "information", "address", "aliases"],
  );
  await entity("gallery_items", "gallery_item_translations", "gallery_item_id", (t) => t, ["title", "description"]);
  await entity(
    "experiences",
    "experience_translations",
    "experience_id",
    (t) => t.addColumn("city_id", "integer", (c: any) => c.references("cities.id")),
    ["title", "description"],
  );

  await db.schema.createIndex("places_category_city").on("places").columns(["category_id", "city_id"]).execute();
  await db.schema.createIndex("places_city_service").on("places").columns(["city_id", "service_type_id", "star"]).execute();

  await withId("media")
    .addColumn("owner_type", "text", (c) => c.notNull())
    .addColumn("owner_id", "integer", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("src", "text", (c) => c.notNull())
    .addColumn("width", "integer")
    .addColumn("height", "integer")
    .addColumn("details", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("media_owner").on("media").columns(["owner_type", "owner_id", "kind", "position"]).execute();
  await db.schema
    .createTable("media_translations")
    .addColumn("media_id", "integer", (c) => c.notNull().references("media.id").onDelete("cascade"))
    .addColumn("language", "text", (c) => c.notNull().references("languages.code"))
    .addColumn("title", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .addPrimaryKeyConstraint("media_translations_pk", ["media_id", "language"])
    .execute();

  await db.schema
    .createTable("settings")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("content_meta")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .execute();

  await withId("contact_messages")
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("language", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("mail_status", "text", (c) => c.notNull())
    .addColumn("mail_attempts", "integer", (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable("device_counts")
    .addColumn("platform", "text", (c) => c.notNull())
    .addColumn("app_version", "text", (c) => c.notNull())
    .addColumn("count", "integer", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("device_counts_pk", ["platform", "app_version"])
    .execute();
}
