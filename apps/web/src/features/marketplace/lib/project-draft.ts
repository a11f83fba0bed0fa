import {
  DESCRIPTION_MAX_LENGTH,
  DESCRIPTION_MIN_LENGTH,
  isValidContactEmail,
  marketplaceMessages,
  marketplaceWizardSteps,
  MAX_BUDGET,
  parseBudget,
  TITLE_MAX_LENGTH,
  TITLE_MIN_LENGTH,
  type MarketplaceType,
  type MarketplaceWizardStepId,
  type PriceType,
} from '@agentry/core/marketplace';

/** The position of a step in the wizard. */
export function stepIndexOf(id: MarketplaceWizardStepId) {
  return marketplaceWizardSteps.findIndex((step) => step.id === id);
}

export const REVIEW_STEP_INDEX = stepIndexOf('review');
export const CONTACT_STEP_INDEX = stepIndexOf('contact');

export const PRICE_TYPE_OPTIONS: readonly { value: PriceType; label: string }[] = [
  { value: 'one-time', label: 'One-time' },
  { value: 'monthly', label: 'Monthly' },
  { value: 'weekly', label: 'Weekly' },
];

/** What the wizard collects; the budget stays text while typed. */
export type ProjectDraft = {
  marketplaceType: MarketplaceType | '';
  title: string;
  description: string;
  timeframe: string;
  category: string;
  image: string;
  icon: string;
  priceValue: string;
  priceType: PriceType;
};

export type ContactDraft = {
  name: string;
  businessName: string;
  email: string;
  hasAcceptedTerms: boolean;
};

export type DraftField = keyof ProjectDraft | keyof ContactDraft;
export type StepErrors = Partial<Record<DraftField, string>>;

export const emptyProjectDraft: ProjectDraft = {
  marketplaceType: '',
  title: '',
  description: '',
  timeframe: '',
  category: '',
  image: '',
  icon: '',
  priceValue: '',
  priceType: 'one-time',
};

export const emptyContactDraft: ContactDraft = { name: '', businessName: '', email: '', hasAcceptedTerms: false };

function textLengthError(
  value: string,
  limits: { min: number; max: number },
  messages: { required: string; tooShort: string; tooLong: string },
) {
  const length = value.trim().length;
  if (length === 0) return messages.required;
  if (length < limits.min) return messages.tooShort;
  if (length > limits.max) return messages.tooLong;
  return undefined;
}

function compact(errors: StepErrors): StepErrors {
  return Object.fromEntries(Object.entries(errors).filter(([, message]) => message !== undefined));
}

/** Whether Continue may be pressed at all: the type step has no message, its button stays disabled. */
export function canContinueFrom(step: MarketplaceWizardStepId, project: ProjectDraft) {
  return step !== 'marketplaceType' || project.marketplaceType !== '';
}

/**
 * The messages of one step (docs/product/marketplace.md#the-create-project-wizard); empty when the step may be left forward.
 * Signed-in authors enter no e-mail and accept no terms here (docs/product/marketplace.md#access).
 */
export function validateStep(
  step: MarketplaceWizardStepId,
  input: { project: ProjectDraft; contact: ContactDraft; isSignedIn: boolean },
): StepErrors {
  const { project, contact, isSignedIn } = input;
  switch (step) {
    case 'marketplaceType':
      return {};
    case 'title':
      return compact({
        title: textLengthError(
          project.title,
          { min: TITLE_MIN_LENGTH, max: TITLE_MAX_LENGTH },
          {
            required: marketplaceMessages.titleRequired,
            tooShort: marketplaceMessages.titleTooShort,
            tooLong: marketplaceMessages.titleTooLong,
          },
        ),
      });
    case 'description':
      return compact({
        description: textLengthError(
          project.description,
          { min: DESCRIPTION_MIN_LENGTH, max: DESCRIPTION_MAX_LENGTH },
          {
            required: marketplaceMessages.descriptionRequired,
            tooShort: marketplaceMessages.descriptionTooShort,
            tooLong: marketplaceMessages.descriptionTooLong,
          },
        ),
      });
    case 'timeframe':
      return project.timeframe.trim() === '' ? { timeframe: marketplaceMessages.timeframeRequired } : {};
    case 'category':
      return project.category === '' ? { category: marketplaceMessages.categoryRequired } : {};
    case 'image':
      return project.image === '' ? { image: marketplaceMessages.imageRequired } : {};
    case 'avatar':
      return project.icon === '' ? { icon: marketplaceMessages.avatarRequired } : {};
    case 'budget': {
      const budget = parseBudget(project.priceValue);
      if (budget === null) return { priceValue: marketplaceMessages.budgetRequired };
      return budget > MAX_BUDGET ? { priceValue: marketplaceMessages.budgetTooLarge } : {};
    }
    case 'contact':
      return compact({
        name: contact.name.trim() === '' ? marketplaceMessages.nameRequired : undefined,
        businessName: contact.businessName.trim() === '' ? marketplaceMessages.businessNameRequired : undefined,
        email: !isSignedIn && !isValidContactEmail(contact.email) ? marketplaceMessages.emailInvalid : undefined,
        hasAcceptedTerms: !isSignedIn && !contact.hasAcceptedTerms ? marketplaceMessages.termsRequired : undefined,
      });
    case 'review':
      return {};
  }
}

export function hasErrors(errors: StepErrors) {
  return Object.keys(errors).length > 0;
}
