import type { Route } from "./+types/home";
import { appContext } from "../context";

export async function loader({ context, params }: Route.LoaderArgs) {
  const { services } = context.get(appContext);
  const language = await services.content.languageByCode(params.lang ?? "en");
  return { languages: await services.content.languages(), language };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <main id="home">
      <h1>Visit Syria</h1>
      <ul>
        {loaderData.languages.map((l) => (
          <li key={l.id} lang={l.code}>{l.name}</li>
        ))}
      </ul>
    </main>
  );
}
