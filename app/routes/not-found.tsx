// Any other path: the not-found page, answered with HTTP 404 (rendered by the root error boundary).
import { notFound } from "../lib/loader-params.server";

export function loader() {
  throw notFound();
}

export default function NotFound() {
  return null;
}
