package dev.videoautomation.records.accounts;

import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.Response.Status;

import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import dev.videoautomation.platform.ids.IdPrefix;
import dev.videoautomation.platform.token.CurrentCaller;
import dev.videoautomation.records.common.Deleted;
import dev.videoautomation.records.common.OwnedRecordResource;
import dev.videoautomation.records.common.RecordKind;

/**
 * The seven operations on an account ({@link OwnedRecordResource}); what each does and answers is written under
 * /v1/accounts in META-INF/openapi.yaml.
 */
@Path("/v1/accounts")
@Tag(name = "Records: accounts", description = "Social accounts to publish to. Creation costs credits "
    + "(`account.create`, see /v1/pricing) and is verified asynchronously: `creating` → `active` | `failed`.")
public class AccountResource
    extends OwnedRecordResource<AccountDtos.View, AccountDtos.Filters, AccountDtos.Create, AccountDtos.Update,
        Deleted> {
  public AccountResource(AccountService accounts, CurrentCaller caller) {
    super(accounts, caller, new RecordKind<>("account", IdPrefix.ACC, Status.ACCEPTED, AccountDtos.Update::id,
        AccountDtos.Filters::from));
  }
}
