// Reading a posted form, in actions and in the contact page's client action: a body that is not a form
// (JSON, plain text, a broken multipart body) is answered 415 rather than failing.
import { data } from "react-router";

export async function postedForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw data(null, { status: 415 });
  }
}

/** A field's text; a missing field reads as empty. */
export const formText = (form: FormData, name: string) => String(form.get(name) ?? "");
