import { preload } from "react-dom";
import type { Route } from "./+types/home";
import { languageOf, domainOf } from "../lib/loader-params.server";
import { coverImages, placeCards } from "../lib/view.server";
import { useI18n } from "../i18n/I18nProvider";
import { Seo } from "../components/Seo";
import { Picture } from "../components/Picture";
import { PhotoCredit } from "../components/PhotoCredit";
import { LocalLink } from "../components/LocalLink";
import { CardGrid } from "../components/Card";
import { PlaceCard } from "../components/PlaceCard";
import { DataState } from "../components/DataState";
import { Carousel } from "../components/Carousel";
import { AppDownload } from "../components/AppDownload";
import { sitePath } from "../lib/paths";
import { CategoryKind } from "../../domain/content/category-kind";
import { useEnclosingRouteData } from "../lib/route-data";
import type { RootData } from "../root";

export async function loader({ params, context }: Route.LoaderArgs) {
  const language = languageOf(params);
  const domain = domainOf(context);
  const [gallery, categories, experiences] = await Promise.all([
    domain.content.gallery(language),
    domain.content.categories(language),
    domain.content.experiences(language),
  ]);
  const [galleryImages, categoryImages, experienceImages] = await Promise.all([
    coverImages(
      domain,
      "gallery",
      gallery.map((g) => g.id),
      language,
    ),
    coverImages(
      domain,
      "category",
      categories.map((c) => c.id),
      language,
    ),
    coverImages(
      domain,
      "experience",
      experiences.map((x) => x.id),
      language,
    ),
  ]);
  const culture = categories.find((c) => c.kind === CategoryKind.culture);
  return {
    hero: galleryImages.get(gallery[0]?.id) ?? null,
    gallery: gallery.map((g) => ({ ...g, image: galleryImages.get(g.id) ?? null })),
    destinations: categories
      .filter((c) => c.kind === CategoryKind.destinations)
      .map((c) => ({ id: c.id, name: c.name, description: c.description, image: categoryImages.get(c.id) ?? null })),
    experiences: experiences.slice(0, 6).map((x) => ({ ...x, image: experienceImages.get(x.id) ?? null })),
    // Not needed for the first paint: streamed after the shell on client navigations.
    featured: domain.content.places(language, { featured: true }).then((r) => placeCards(domain, language, r.items)),
    culture: culture
      ? domain.content
          .places(language, { categoryId: culture.id }, { page: 1, perPage: 12 })
          .then((r) => placeCards(domain, language, r.items))
      : Promise.resolve([]),
  };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const root = useEnclosingRouteData<RootData>("root");
  const { hero, gallery, destinations, experiences, featured, culture } = loaderData;
  // The hero picture is the page's largest paint: ask for it before the stylesheet is even parsed.
  if (hero) preload(hero.src, { as: "image", imageSrcSet: hero.avif, imageSizes: "100vw", type: "image/avif", fetchPriority: "high" });
  return (
    <>
      <Seo
        title={t("meta.home.title")}
        description={t("meta.home.description")}
        path="/"
        image={hero?.src}
        jsonLd={{
          "@context": "https://schema.org",
          "@type": "Organization",
          name: t("common.siteName"),
          url: root.origin,
          email: root.settings.email ?? undefined,
          address: root.settings.address,
        }}
      />
      <section id="home" className="hero" aria-labelledby="hero-title">
        {hero && <Picture image={hero} sizes="100vw" eager className="hero-image" alt="" inside />}
        <div className="hero-text">
          <h1 id="hero-title">{t("mainSection.title")}</h1>
          <p>{t("mainSection.subtitle")}</p>
          <a className="button" href="#destinations">
            {t("mainSection.explore")}
          </a>
          {hero?.credit && <PhotoCredit credit={hero.credit} />}
        </div>
      </section>

      <section className="section" aria-labelledby="gallery-title">
        <h2 id="gallery-title">{t("gallerySection.title")}</h2>
        {gallery.length ? (
          <ul className="gallery-grid">
            {gallery.map((g) => (
              <li key={g.id} className="gallery-item">
                {g.image && <Picture image={g.image} alt="" sizes="(max-width: 768px) 100vw, 33vw" />}
                <h3>{g.title}</h3>
                <p>{g.description}</p>
              </li>
            ))}
          </ul>
        ) : (
          <p className="state">{t("gallery2.unavailable")}</p>
        )}
      </section>

      <section className="section" aria-labelledby="featured-title">
        <h2 id="featured-title">{t("mainSwiper.title")}</h2>
        <DataState data={featured} group="mainSwiper">
          {(places) => (
            <Carousel label={t("mainSwiper.title")}>
              {places.map((p) => (
                <PlaceCard key={p.id} place={p} />
              ))}
            </Carousel>
          )}
        </DataState>
      </section>

      <section id="destinations" className="section" aria-labelledby="destinations-title">
        <h2 id="destinations-title">{t("destinations.title")}</h2>
        <p className="lead">{t("destinations.subtitle")}</p>
        <CardGrid
          cards={destinations.map((c) => ({ key: c.id, title: c.name, to: sitePath.category(c.id), image: c.image, text: c.description }))}
        />
      </section>

      <section id="experiences" className="section" aria-labelledby="experiences-title">
        <h2 id="experiences-title">{t("services.experiencesTitle")}</h2>
        <CardGrid cards={experiences.map((x) => ({ key: x.id, title: x.title, image: x.image, text: x.description }))} />
        <p>
          <LocalLink className="button" to="/experiences">
            {t("services.allExperiences")}
          </LocalLink>
        </p>
      </section>

      <section id="culture" className="section" aria-labelledby="culture-title">
        <h2 id="culture-title">{t("culture.title")}</h2>
        <DataState data={culture} group="culture">
          {(places) => (
            <Carousel label={t("culture.title")}>
              {places.map((p) => (
                <PlaceCard key={p.id} place={p} />
              ))}
            </Carousel>
          )}
        </DataState>
      </section>

      <AppDownload appStoreUrl={root.settings.appStoreUrl} googlePlayUrl={root.settings.googlePlayUrl} />
    </>
  );
}
