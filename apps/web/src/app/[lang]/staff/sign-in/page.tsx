import type { Metadata } from 'next';
import { SignInForm } from '@/components/staff/sign-in-form';
import { getDictionary } from '@/i18n/dictionary';
import { localeFromParams, type LangParams } from '@/i18n/params';
import { pageHrefs } from '@/i18n/routes';
import { firstParam, type SearchParams } from '@/lib/search-params';
import { signIn } from '@/lib/staff/actions';
import { safeReturnPath } from '@/lib/staff/paths';

type SignInProps = LangParams & { searchParams: Promise<SearchParams> };

export async function generateMetadata({ params }: LangParams): Promise<Metadata> {
  return { title: getDictionary(await localeFromParams(params)).staff.signIn.title };
}

export default async function SignInPage({ params, searchParams }: SignInProps) {
  const locale = await localeFromParams(params);
  const query = await searchParams;
  const { staff } = getDictionary(locale);
  const text = staff.signIn;
  const next = safeReturnPath(firstParam(query, 'next')) ?? pageHrefs.staff(locale);
  return (
    <div className="page-intro sign-in">
      <h1>{text.title}</h1>
      <p>{text.intro}</p>
      {firstParam(query, 'reason') === 'expired' && (
        <p className="notice notice--warning" role="status">
          {text.expired}
        </p>
      )}
      <SignInForm
        action={signIn}
        next={next}
        text={{
          email: staff.form.email,
          password: staff.form.password,
          submit: text.submit,
          pending: staff.form.pending,
          refused: text.refused,
          unavailable: staff.form.unavailable,
        }}
      />
    </div>
  );
}
