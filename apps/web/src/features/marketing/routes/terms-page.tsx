import { LegalDocument, type LegalSection } from '../components/legal-document';
import { LEGAL_UPDATED_ON, SUPPORT_EMAIL } from '../lib/contact';

const sections: readonly LegalSection[] = [
  {
    id: 'about',
    title: 'Who we are and what these terms cover',
    body: (
      <p>
        Agentry is AI prompt software for AI automation agencies. You use it to build AI agents, demo them to clients,
        deploy them (for example as a website chat widget), evaluate them, and trade on our marketplace. These terms are
        the agreement between you and Agentry when you use the website, the workspace, the widget and the API. If you
        use Agentry for a business, you accept them on behalf of that business.
      </p>
    ),
  },
  {
    id: 'account',
    title: 'Your account',
    body: (
      <ul>
        <li>
          You sign in with a link we e-mail to you or with Google. Keep access to that inbox or Google account secure.
        </li>
        <li>
          You are responsible for what happens in your account and in its sub accounts, including what your team members
          do.
        </li>
        <li>You must be at least 18 and allowed to enter into contracts to use Agentry.</li>
        <li>Tell us at {SUPPORT_EMAIL} straight away if you think someone else has access to your account.</li>
      </ul>
    ),
  },
  {
    id: 'plans-and-credits',
    title: 'Plans, credits and billing',
    body: (
      <>
        <p>
          Paid plans are subscriptions billed in advance, monthly or yearly, in US dollars, through our card payment
          provider. Each plan includes a monthly credit allowance; agent conversations, AI builds and evaluation runs
          use credits. Plans also set limits such as the number of sub accounts and which demo types you can use.
        </p>
        <ul>
          <li>Upgrades bill immediately with prorated credits.</li>
          <li>Downgrades take effect at the end of your current billing period.</li>
          <li>Credits have no cash value and cannot be transferred or exchanged for money.</li>
          <li>
            We may change prices for future billing periods; we will e-mail you at least 30 days before a change affects
            you.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'cancellation',
    title: 'Cancellation and refunds',
    body: (
      <p>
        You can cancel at any time from your account. Cancellation takes effect at the end of the period you have paid
        for, and you keep access until then; you can resubscribe before that date without interruption. We do not refund
        partial periods or unused credits, except where the law requires it. If you are downgraded to a plan with fewer
        sub accounts, the extra sub accounts are locked, not deleted.
      </p>
    ),
  },
  {
    id: 'your-content',
    title: 'Your content and your clients',
    body: (
      <>
        <p>
          You own what you put into Agentry (prompts, knowledge files, agent settings, branding) and what your agents
          produce for you. You let us store and process that content only to run the service for you.
        </p>
        <p>
          As an agency you decide where and how your agents are deployed. You are responsible for having the rights to
          the content you upload, for telling your clients&apos; visitors that they are talking to an AI, and for
          getting any consent needed before you message people by SMS or WhatsApp.
        </p>
      </>
    ),
  },
  {
    id: 'acceptable-use',
    title: 'Acceptable use',
    body: (
      <ul>
        <li>No unlawful, deceptive, harassing or discriminatory content, and no spam or unsolicited bulk messages.</li>
        <li>No impersonating people or businesses without their permission.</li>
        <li>
          No malware, no attacks on Agentry or anyone else, and no attempts to get around plan limits, credits or rate
          limits.
        </li>
        <li>
          No use of agents for decisions with legal or similarly significant effects on people without human review.
        </li>
      </ul>
    ),
  },
  {
    id: 'ai-output',
    title: 'AI output',
    body: (
      <p>
        AI models can be wrong, out of date or inconsistent, even after a good evaluation score. Review what your agents
        say before you rely on it, and do not present AI output as professional medical, legal or financial advice.
      </p>
    ),
  },
  {
    id: 'marketplace',
    title: 'Marketplace',
    body: (
      <p>
        Agencies and businesses post projects on the marketplace and deal with each other directly. Agentry is not a
        party to those agreements and does not guarantee any project, payment or result. Post only projects you are able
        and allowed to offer.
      </p>
    ),
  },
  {
    id: 'service-and-liability',
    title: 'The service, changes and liability',
    body: (
      <p>
        We work hard to keep Agentry available and secure, but we provide it &quot;as is&quot;. We may improve, change
        or retire features, and we will give notice of changes that reduce what you paid for. To the extent the law
        allows, our total liability for any claim is limited to what you paid us in the 12 months before it. We may
        suspend accounts that break these terms. We will e-mail you about material changes to these terms at least 30
        days before they apply.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    body: (
      <p>
        Questions about these terms? E-mail <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
      </p>
    ),
  },
];

/** `/terms`. */
export function TermsPage() {
  return (
    <LegalDocument
      title="Terms of Service"
      summary="The rules for using Agentry, in plain language: what you get, what you pay, what you may and may not do, and what happens when you leave."
      updatedOn={LEGAL_UPDATED_ON}
      sections={sections}
    />
  );
}
