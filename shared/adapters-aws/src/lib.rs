//! The AWS adapters: the table port on DynamoDB ([`dynamo::DynamoTable`]), the mail port on SES
//! ([`ses::SesMailer`]), secrets from SSM Parameter Store, and the SDK configuration with the one HTTPS client every
//! SDK client shares ([`sdk`]); with the `bedrock` feature, the assistant's language-model port on Amazon Bedrock
//! ([`bedrock::Bedrock`]).

#[cfg(feature = "bedrock")]
pub mod bedrock;

pub mod dynamo;
pub mod sdk;
pub mod ses;
pub mod ssm;
