import { useReducer } from 'react';
import { initialSignIn, signInReducer } from '../signIn';
import { CodeStep } from './CodeStep';
import { PasswordStep } from './PasswordStep';

/** The two sign-in steps, driven by the state machine in signIn.ts. */
export function SignInFlow() {
  const [state, dispatch] = useReducer(signInReducer, initialSignIn);
  const onError = (error: unknown) => {
    dispatch({ type: 'failed', error });
  };
  if (state.step === 'password') {
    return (
      <PasswordStep
        error={state.error}
        onError={onError}
        onChallenge={(challenge, username) => {
          dispatch({ type: 'challenged', challenge, username });
        }}
      />
    );
  }
  return (
    <CodeStep
      // A new challenge is a new form: nothing typed for the last one carries over.
      key={state.challenge.challenge}
      challenge={state.challenge}
      error={state.error}
      onError={onError}
      onRestart={() => {
        dispatch({ type: 'restart' });
      }}
    />
  );
}
