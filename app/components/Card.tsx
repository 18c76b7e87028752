// The card every list of the site is made of: a picture, a heading (a link covering the card when it leads
// somewhere), an optional line of details, and a text.
import { LocalLink } from "./LocalLink";
import { Picture } from "./Picture";
import type { ImageView } from "../lib/images";

type CardProps = { title: string; to?: string; image?: ImageView | null; meta?: string | null; text?: string; headingLevel?: 2 | 3 };

export function Card({ title, to, image, meta, text, headingLevel = 3 }: CardProps) {
  const Heading = `h${headingLevel}` as "h2" | "h3";
  return (
    <article className="card">
      {image && <Picture image={image} alt="" inside />}
      <div className="card-body">
        <Heading className="card-title">
          {to ? (
            <LocalLink className="card-link" to={to}>
              {title}
            </LocalLink>
          ) : (
            title
          )}
        </Heading>
        {meta && <p className="card-meta">{meta}</p>}
        {text && <p>{text}</p>}
      </div>
    </article>
  );
}

/** A grid of cards (a list, so screen readers announce how many). */
export function CardGrid({ cards }: { cards: Array<CardProps & { key: string | number }> }) {
  return (
    <ul className="card-grid">
      {cards.map(({ key, ...card }) => (
        <li key={key}>
          <Card {...card} />
        </li>
      ))}
    </ul>
  );
}
